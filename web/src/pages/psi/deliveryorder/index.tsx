import { SendOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/errors';
import { post, type DeclaredRow, psiRoutes } from '../../../api/psi';
import { DeliveryEditor } from '../DeliveryEditor';
import { DocPage, useDocPage, primaryStep } from '../DocPage';
import '../../../i18n/psi';

const PATH = '/psi/deliveryorder/index';

/** 发货单: shipments against accepted 配送单; shipping reduces stock or is refused whole. */
export default function DeliveryorderPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const page = useDocPage(PATH);

  const ship = (row: DeclaredRow) =>
    modal.confirm({
      title: t('psi.deliveryorder.approve'),
      content: t('psi.deliveryorder.approveConfirm', { no: String(row.deliveryNo) }),
      okText: t('psi.deliveryorder.approve'),
      cancelText: t('psi.common.cancel'),
      onOk: async () => {
        try {
          await post(psiRoutes.deliveryorderApproveDelivery, { id: row.id, version: row.version }, true);
          void message.success(t('psi.deliveryorder.shipped'));
        } catch (failure) {
          const text = failure instanceof RequestError ? failure.message : String(failure);
          modal.error({
            title: t('psi.deliveryorder.refused'),
            content: <span data-testid="ship-refused">{text}</span>,
          });
        }
        await page.refresh();
      },
    });

  return (
    <DocPage
      page={page}
      kind="deliveryorder"
      steps={[primaryStep('deliver', 'ship', t('psi.deliveryorder.approve'), <SendOutlined />, ship)]}
      endpoint={psiRoutes.deliveryorderList}
      exportName={t('psi.deliveryorder.title')}
      title={t('psi.deliveryorder.title')}
      create={{ label: t('psi.deliveryorder.newDelivery'), testId: 'delivery-new' }}
      editor={(props) => <DeliveryEditor {...props} />}
    />
  );
}
