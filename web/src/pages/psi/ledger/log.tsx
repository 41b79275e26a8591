import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { depositoryLogResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { DepositorySelect } from '../DepositorySelect';
import { useListFilter } from '../../../components/resource/useListFilter';
import '../../../i18n/psi';

const SOURCE_PAGES: Record<number, string> = {
  1: '/psi/purchaseorder/index',
  2: '/psi/deliveryorder/index',
  3: '/psi/depositorycheck/index',
};

/** 库存流水: movements with the balance before and after each, filtered by depository; rows link to their document. */
export default function DepositoryLogPage() {
  const { t } = useTranslation();
  const depositoryId = useListFilter('depositoryId');
  return (
    <ResourcePage
      def={depositoryLogResource}
      params={depositoryId.params}
      cells={{
        sourceNo: (r) => {
          const path = SOURCE_PAGES[Number(r.sourceType)];
          return path ? (
            <Link to={`${path}?id=${String(r.sourceId)}`} data-testid="log-source">
              {String(r.sourceNo)}
            </Link>
          ) : (
            String(r.sourceNo ?? '-')
          );
        },
        changeQuantity: (r) => {
          const n = Number(r.changeQuantity);
          return <Typography.Text type={n < 0 ? 'danger' : 'success'}>{n > 0 ? `+${n}` : n}</Typography.Text>;
        },
        balanceAfter: (r) => (
          <Typography.Text strong data-testid="log-balance">
            {String(r.balanceAfter)}
          </Typography.Text>
        ),
      }}
      toolbar={
        <DepositorySelect
          value={depositoryId.value}
          placeholder={t('psi.field.depository')}
          aria-label={t('psi.field.depository')}
          onChange={(v?: string) => depositoryId.set(v)}
          data-testid="log-depository"
        />
      }
    />
  );
}
