import { useMemo, useState, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Row as GridRow,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { detail, linesOf, page, post, psiKeys, stockOf, type DeclaredRow, psiRoutes } from '../../api/psi';
import { EditorDrawer, LinesTable, SubmitButton } from './EditorDrawer';
import { yuan } from './format';
import { CopiesInput, goodsColumns, indexColumn } from './lines';
import { FieldCol, ReceiverFields } from './fields';
import { useEditor, useFillForm, useOnLoaded } from './useEditor';

interface DeliveryEditorProps {
  /** The 配送单 to ship (else chosen here). */
  podId?: string;
  /** A 待出库 delivery to change. */
  id?: string;
  onClose: () => void;
  onSaved: (saved: DeclaredRow) => void;
}

interface Plan {
  pod: DeclaredRow;
  lines: DeclaredRow[];
  /** Per 配送单 line: quantity on other 待出库 deliveries. */
  pending: Record<string, number>;
  stock: Record<string, number>;
  own: Record<string, number>;
  delivery: DeclaredRow | null;
}

async function loadPlan(podId: string, deliveryId?: string): Promise<Plan | null> {
  const pod = await detail('purchaseorderdepository', podId);
  if (!pod) return null;
  const lines = await linesOf.purchaseorderdepository(podId);
  const drafts = (
    await page(psiRoutes.deliveryorderList, { depositoryOrderId: podId, orderStatus: 1, size: 100 })
  ).records;
  const pending: Record<string, number> = {};
  const own: Record<string, number> = {};
  for (const draft of drafts) {
    for (const line of await linesOf.deliveryorder(String(draft.id))) {
      const key = String(line.sourceDetailId);
      const target = String(draft.id) === deliveryId ? own : pending;
      target[key] = (target[key] ?? 0) + Number(line.quantity);
    }
  }
  const stock = await stockOf(
    String(pod.depositoryId),
    lines.map((l) => String(l.goodsId)),
  ).catch(() => ({}));
  const delivery = deliveryId ? (drafts.find((d) => String(d.id) === deliveryId) ?? null) : null;
  return { pod, lines, pending, stock, own, delivery };
}

/** Per 配送单 line: ordered, delivered, pending on other deliveries, still open, in stock, and this shipment. */
function shipRows(p: Plan | null | undefined, quantities: Record<string, number>) {
  if (!p) return [];
  return p.lines.map((line) => {
    const key = String(line.id);
    const ordered = Number(line.quantity);
    const delivered = Number(line.deliveredQuantity ?? 0);
    const pendingOther = p.pending[key] ?? 0;
    const open = Math.max(0, ordered - delivered - pendingOther);
    const stock = p.stock[String(line.goodsId)] ?? 0;
    return { ...line, key, ordered, delivered, pendingOther, open, stock, qty: quantities[key] ?? 0 };
  });
}

type ShipRow = ReturnType<typeof shipRows>[number];

/** The quantity to ship on one line, capped by what is open; a shortfall of stock is said under it. */
function ShipInput({
  row: r,
  disabled,
  onChange,
}: {
  row: ShipRow;
  disabled: boolean;
  onChange: (qty: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <CopiesInput
        min={0}
        max={r.open}
        value={r.qty}
        disabled={r.open === 0 || disabled}
        onChange={onChange}
        testId="line-ship"
      />
      {r.qty > r.stock && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('psi.deliveryorder.overStock', { stock: r.stock })}
        </Typography.Text>
      )}
    </Space>
  );
}

function useShipColumns(
  shippable: boolean,
  setQty: (key: string, qty: number) => void,
): TableColumnsType<ShipRow> {
  const { t } = useTranslation();
  return [
    indexColumn(),
    ...goodsColumns<ShipRow>(t),
    {
      title: t('psi.field.unitPrice'),
      key: 'unit',
      align: 'right',
      render: (_v, r) => yuan((r as DeclaredRow).unitPrice),
    },
    { title: t('psi.field.ordered'), dataIndex: 'ordered', key: 'ordered', align: 'right' },
    { title: t('psi.field.delivered'), dataIndex: 'delivered', key: 'delivered', align: 'right' },
    { title: t('psi.field.pendingShip'), dataIndex: 'pendingOther', key: 'pending', align: 'right' },
    {
      title: t('psi.field.open'),
      key: 'open',
      align: 'right',
      render: (_v, r) => (
        <span className={r.open === 0 ? 'psi-open-zero' : undefined} data-testid="line-open">
          {r.open}
        </span>
      ),
    },
    {
      title: t('psi.field.stock'),
      key: 'stock',
      align: 'right',
      render: (_v, r) =>
        r.stock < Math.max(r.qty, 1) ? (
          <Tag color="red" data-testid="line-stock">
            {r.stock}
          </Tag>
        ) : (
          <span data-testid="line-stock">{r.stock}</span>
        ),
    },
    {
      title: t('psi.field.thisDelivery'),
      key: 'qty',
      width: 170,
      render: (_v, r) => <ShipInput row={r} disabled={!shippable} onChange={(qty) => setQty(r.key, qty)} />,
    },
  ];
}

/** The receiver and the shipping details of a delivery. */
function DeliveryFields() {
  const { t } = useTranslation();
  return (
    <GridRow gutter={16}>
      <ReceiverFields required={false} spans={[6, 6, 12]} />
      <FieldCol span={6} name="logisticsCompany" label={t('psi.field.logistics')}>
        <Input maxLength={100} />
      </FieldCol>
      <FieldCol span={6} name="trackingNo" label={t('psi.field.trackingNo')}>
        <Input maxLength={64} />
      </FieldCol>
      <FieldCol span={4} name="packageCount" label={t('psi.field.packageCount')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </FieldCol>
      <FieldCol span={8} name="remark" label={t('psi.common.remark')}>
        <Input maxLength={500} />
      </FieldCol>
    </GridRow>
  );
}

/** The accepted or partly delivered 配送单 a new delivery may ship. */
function PodPicker({ value, onChange }: { value?: string; onChange: (podId: string) => void }) {
  const { t } = useTranslation();
  const candidates = useQuery({
    queryKey: psiKeys.shippable(),
    queryFn: async () => {
      const [accepted, partial] = await Promise.all([
        page(psiRoutes.purchaseorderdepositoryPurchaseOrderDepository, { orderStatus: 2, size: 200 }),
        page(psiRoutes.purchaseorderdepositoryPurchaseOrderDepository, { orderStatus: 4, size: 200 }),
      ]);
      return [...accepted.records, ...partial.records];
    },
  });
  return (
    <Select
      style={{ width: '100%' }}
      placeholder={t('psi.deliveryorder.pickOrder')}
      value={value}
      loading={candidates.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
      options={(candidates.data ?? []).map((p) => ({
        value: String(p.id),
        label: `${String(p.orderNo)} · ${String(p.schoolName)} · ${String(p.depositoryName)} · ${String(p.totalQuantity)}`,
      }))}
      data-testid="delivery-pod"
    />
  );
}

/** A 发货单 against an accepted 配送单: per line ordered, delivered, open and in stock, and this shipment. */
export function DeliveryEditor({ podId: givenPod, id, onClose, onSaved }: DeliveryEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [chosenPod, setPodId] = useState<string | undefined>(givenPod);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  // quantities the user typed or filled (loading a delivery's own quantities is not an edit)
  const [edited, setEdited] = useState(false);
  const editor = useEditor(() => edited || form.isFieldsTouched(), onClose);
  const ship = (next: SetStateAction<Record<string, number>>) => {
    setEdited(true);
    setQuantities(next);
  };

  const existing = useQuery({
    queryKey: psiKeys.edit('deliveryorder', id),
    queryFn: () => detail('deliveryorder', id!),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const podId = existing.data ? String(existing.data.depositoryOrderId) : chosenPod;

  const plan = useQuery({
    queryKey: psiKeys.deliveryPlan(podId, id),
    queryFn: () => loadPlan(podId!, id),
    enabled: Boolean(podId),
    gcTime: 0,
  });
  useFillForm(form, plan.data, (p) => {
    const source = p.delivery ?? p.pod;
    return {
      receiverName: source.receiverName,
      receiverPhone: source.receiverPhone,
      receiverAddress: source.receiverAddress,
      logisticsCompany: p.delivery?.logisticsCompany,
      trackingNo: p.delivery?.trackingNo,
      packageCount: p.delivery?.packageCount,
      remark: p.delivery?.remark,
    };
  });
  useOnLoaded(plan.data, (p) => setQuantities(id ? { ...p.own } : {}));

  const rows = useMemo(() => shipRows(plan.data, quantities), [plan.data, quantities]);
  const totalQty = rows.reduce((s, r) => s + r.qty, 0);
  const shippable = plan.data ? [2, 4].includes(Number(plan.data.pod.orderStatus)) : true;
  const columns = useShipColumns(shippable, (key, qty) => ship((q) => ({ ...q, [key]: qty })));

  const submit = async () => {
    editor.setError(null);
    const values = (await form.validateFields()) as Record<string, unknown>;
    const details = rows.filter((r) => r.qty > 0).map((r) => ({ sourceDetailId: r.key, quantity: r.qty }));
    if (details.length === 0) {
      editor.setError(t('psi.deliveryorder.nothing'));
      return;
    }
    const body = { ...values, id: id ?? undefined, depositoryOrderId: podId, details };
    await editor.save(() => post(psiRoutes.deliverydetailSubmitDeliveryOrder, body, true), onSaved);
  };

  return (
    <EditorDrawer
      title={`${id ? t('psi.deliveryorder.editDelivery') : t('psi.deliveryorder.newDelivery')}${plan.data ? ` · ${String(plan.data.pod.orderNo)}` : ''}`}
      testId="delivery-editor"
      onClose={editor.close}
      error={editor.error}
      errorTestId="delivery-error"
      actions={
        <SubmitButton
          busy={editor.busy}
          disabled={!plan.data || !shippable}
          onSubmit={submit}
          testId="delivery-submit"
        />
      }
    >
      {!givenPod && !id && <PodPicker value={podId} onChange={setPodId} />}
      {plan.isLoading && <Spin />}
      {podId && plan.isSuccess && !plan.data && (
        <Alert type="error" showIcon title={t('psi.common.notFound')} />
      )}
      {!podId && !plan.isLoading && <Empty description={t('psi.deliveryorder.pickOrder')} />}
      {plan.data && (
        <>
          <Typography.Text type="secondary">
            {String(plan.data.pod.schoolName)} · {String(plan.data.pod.depositoryName)} ·{' '}
            {String(plan.data.pod.term)}
          </Typography.Text>
          <Form form={form} layout="vertical">
            <DeliveryFields />
          </Form>
          <Space>
            <Button
              onClick={() => ship(Object.fromEntries(rows.map((r) => [r.key, r.open])))}
              data-testid="delivery-fill"
            >
              {t('psi.deliveryorder.fillAll')}
            </Button>
            <Button onClick={() => ship({})}>{t('psi.deliveryorder.clearAll')}</Button>
            <Typography.Text strong data-testid="delivery-total">
              {t('psi.common.total')}: {t('psi.common.copies', { count: totalQty })}
            </Typography.Text>
          </Space>
          <LinesTable rowKey="key" columns={columns} dataSource={rows} data-testid="delivery-lines" />
        </>
      )}
    </EditorDrawer>
  );
}
