import { schoolYyptInfoResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useImport } from '../ImportDialog';
import { RegionFilter } from './RegionFilter';
import { useListFilter } from '../../../components/resource/useListFilter';
import '../../../i18n/psi';

/** 学校平台信息: each school's platform terms (discount, salesman, contract) and the roster import. */
export default function SchoolRosterPage() {
  const importer = useImport('roster');
  const regionCode = useListFilter('regionCode');
  return (
    <>
      <ResourcePage
        def={schoolYyptInfoResource}
        params={regionCode.params}
        toolbar={
          <>
            <RegionFilter value={regionCode.value} onChange={regionCode.set} />
            {importer.button}
          </>
        }
      />
      {importer.dialog}
    </>
  );
}
