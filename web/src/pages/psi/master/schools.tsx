import { Typography } from 'antd';
import { schoolInfoResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { yuan } from '../format';
import { RegionFilter } from './RegionFilter';
import { useListFilter } from '../../../components/resource/useListFilter';
import '../../../i18n/psi';

/** 学校信息: schools with a region filter and their account balance. */
export default function SchoolsPage() {
  const regionCode = useListFilter('regionCode');
  return (
    <ResourcePage
      def={schoolInfoResource}
      params={regionCode.params}
      cells={{
        accountBalance: (r) => (
          <Typography.Text
            strong
            type={Number(r.accountBalance) < 1000 ? 'warning' : undefined}
            data-testid="school-balance"
          >
            {yuan(r.accountBalance)}
          </Typography.Text>
        ),
      }}
      toolbar={<RegionFilter value={regionCode.value} onChange={regionCode.set} />}
    />
  );
}
