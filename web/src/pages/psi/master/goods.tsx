import { useState } from 'react';
import { ImportOutlined, WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { goodsInfoResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { isbnValid } from '../format';
import { useCan } from '../../../hooks/permission';
import { ImportDialog } from '../ImportDialog';
import '../../../i18n/psi';

/** 图书管理: the catalogue list (search, add, edit, export) with the all-or-nothing Excel import. */
export default function GoodsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourcePage
        def={goodsInfoResource}
        cells={{
          isbn: (r) => {
            const isbn = String(r.isbn ?? '');
            return isbnValid(isbn) ? (
              <span>{isbn}</span>
            ) : (
              <Tooltip title={t('psi.goods.badIsbn')}>
                <Space size={4}>
                  <span>{isbn}</span>
                  <Tag color="red" icon={<WarningOutlined />} />
                </Space>
              </Tooltip>
            );
          },
        }}
        toolbar={
          can('goodsinfo_import') && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="import-open">
              {t('psi.import.open')}
            </Button>
          )
        }
      />
      {importing && (
        <ImportDialog
          title={t('psi.goods.importTitle')}
          api="/blade-psi/goodsinfo"
          templateName={t('psi.goods.templateName')}
          onClose={() => setImporting(false)}
          onDone={() => void client.invalidateQueries({ queryKey: [goodsInfoResource.key] })}
        />
      )}
    </>
  );
}
