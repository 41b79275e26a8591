import { useState } from 'react';
import { ImportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { schoolInfoResource, schoolYyptInfoResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useCan } from '../../../hooks/permission';
import { ImportDialog } from '../ImportDialog';
import { RegionFilter } from './RegionFilter';
import { useListFilter } from '../../../components/resource/useListFilter';
import '../../../i18n/psi';

/** 学校平台信息: each school's platform terms (discount, salesman, contract) and the roster import. */
export default function SchoolRosterPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  const regionCode = useListFilter('regionCode');
  return (
    <>
      <ResourcePage
        def={schoolYyptInfoResource}
        params={regionCode.params}
        toolbar={
          <>
            <RegionFilter value={regionCode.value} onChange={regionCode.set} />
            {can('schoolyyptinfo_import') && (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="import-open">
                {t('psi.import.open')}
              </Button>
            )}
          </>
        }
      />
      {importing && (
        <ImportDialog
          title={t('psi.school.importTitle')}
          api="/blade-psi/schoolyyptinfo"
          templateName={t('psi.school.templateName')}
          onClose={() => setImporting(false)}
          onDone={() => {
            void client.invalidateQueries({ queryKey: [schoolYyptInfoResource.key] });
            void client.invalidateQueries({ queryKey: [schoolInfoResource.key] });
          }}
        />
      )}
    </>
  );
}
