import { useEffect, useMemo, useState } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row as GridRow,
  Select,
  Space,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { detail, linesOf, list, page, post, type Row, useMySchool, useRoleKind } from '../../api/psi';
import {
  currentTerm,
  discountText,
  formatBasisPoints,
  toBasisPoints,
  toCents,
  unitPriceCents,
  yuan,
} from './format';
import { GoodsSelect } from './GoodsSelect';
import { depositoryOptions } from './options';
import { useSubmit } from './useSubmit';
import { useDiscardGuard } from '../../components/discard/useDiscardGuard';
import { EditorDrawer, LinesTable } from './EditorDrawer';

export type OrderKind = 'yypt' | 'direct' | 'purchase';

interface Line {
  key: string;
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string;
  price: string;
  /** Purchase lines only: the purchase discount, editable. */
  discount: string;
  quantity: number;
  remark: string;
}

const RESOURCE: Record<OrderKind, { detail: string; submit: string; editable: (row: Row) => boolean }> = {
  yypt: {
    detail: 'purchaseorderyypt',
    submit: 'purchasedetailyypt/submitPurchaseOrderYypt',
    editable: (row) => [1, 8].includes(Number(row.orderStatus)),
  },
  direct: {
    detail: 'purchaseorderdepository',
    submit: 'purchasedetaildepository/submitPurchaseOrderDepository',
    editable: (row) => Number(row.sourceType) === 2 && [1, 8].includes(Number(row.orderStatus)),
  },
  purchase: {
    detail: 'purchaseorder',
    submit: 'purchasedetail/submitPurchaseOrder',
    editable: (row) => [1, 8].includes(Number(row.orderStatus)),
  },
};

const TITLES: Record<OrderKind, [string, string]> = {
  yypt: ['psi.yypt.newOrder', 'psi.yypt.editOrder'],
  direct: ['psi.pod.newDirect', 'psi.pod.editDirect'],
  purchase: ['psi.purchase.newOrder', 'psi.purchase.editOrder'],
};

interface OrderEditorProps {
  kind: OrderKind;
  /** The document to edit; none for a new one. */
  id?: string;
  onClose: () => void;
  onSaved: (saved: Row) => void;
}

/**
 * The order page: header (school, depository from `getSchoolDepositoryList`, term, receiver; or the
 * supplier for a purchase receipt) and an editable line table with live prices and totals.
 */
export function OrderEditor({ kind, id, onClose, onSaved }: OrderEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const role = useRoleKind();
  const school = useMySchool(role === 'school');
  const [lines, setLines] = useState<Line[]>([]);
  // lines added, changed or removed by the user (loading a document's lines is not an edit)
  const [linesEdited, setLinesEdited] = useState(false);
  const guard = useDiscardGuard(() => linesEdited || form.isFieldsTouched(), onClose, { urlBound: true });
  const { error, setError, busy: saving, run } = useSubmit();
  const isSchoolUser = role === 'school';
  const isPurchase = kind === 'purchase';

  const existing = useQuery({
    queryKey: ['psi', 'edit', kind, id],
    queryFn: async () => {
      const header = await detail(RESOURCE[kind].detail, id!);
      if (!header) return null;
      const rows = await (kind === 'purchase'
        ? linesOf.purchase(id!)
        : kind === 'yypt'
          ? linesOf.yypt(id!)
          : linesOf.pod(id!));
      return { header, rows };
    },
    enabled: Boolean(id),
    gcTime: 0,
  });
  const frozen = existing.data ? !RESOURCE[kind].editable(existing.data.header) : false;
  const missing = Boolean(id) && existing.isSuccess && !existing.data;

  // The loaded document fills the form (an effect: the form store is outside React) and the lines
  // (adjusted while rendering, once per loaded document).
  useEffect(() => {
    if (!existing.data) return;
    const h = existing.data.header;
    form.setFieldsValue({
      ...h,
      expectedDate: h.expectedDate ? dayjs(String(h.expectedDate)) : undefined,
    });
  }, [existing.data, form]);
  const [linesFor, setLinesFor] = useState<unknown>(null);
  if (existing.data && linesFor !== existing.data) {
    setLinesFor(existing.data);
    setLines(
      existing.data.rows.map((r) => ({
        key: String(r.id),
        goodsId: String(r.goodsId),
        isbn: String(r.isbn ?? ''),
        goodsName: String(r.goodsName ?? ''),
        publisher: String(r.publisher ?? ''),
        price: String(r.price ?? '0.00'),
        discount: String(r.discount ?? '1.0000'),
        quantity: Number(r.quantity ?? 1),
        remark: String(r.remark ?? ''),
      })),
    );
  }

  // A new order of a school user is for the user's own school.
  useEffect(() => {
    if (id || !isSchoolUser || !school.data) return;
    form.setFieldsValue({
      schoolId: school.data.id,
      depositoryId: form.getFieldValue('depositoryId') ?? school.data.depositoryId,
      receiverName: school.data.contactName,
      receiverPhone: school.data.contactPhone,
      receiverAddress: school.data.address,
    });
  }, [id, isSchoolUser, school.data, form]);

  const schoolId = Form.useWatch('schoolId', form) as string | undefined;

  const schools = useQuery({
    queryKey: ['psi', 'schools-all'],
    queryFn: () => page('schoolinfo/list', { size: 500, status: 1 }),
    enabled: !isPurchase && !isSchoolUser,
    staleTime: 60_000,
  });
  const depositories = useQuery({
    queryKey: ['psi', 'serving', isPurchase ? 'all' : schoolId],
    queryFn: () =>
      isPurchase
        ? page('depositoryinfo/list', { status: 1, size: 200 }).then((r) => r.records)
        : list('depositoryinfo/getSchoolDepositoryList', { schoolId }),
    enabled: isPurchase || Boolean(schoolId),
    staleTime: 60_000,
  });
  // The school's sale discount prices its lines (the server applies the same one on submit).
  const terms = useQuery({
    queryKey: ['psi', 'school-terms', schoolId],
    queryFn: async () => {
      if (isSchoolUser) return school.data?.discount ?? null;
      const rows = await page('schoolyyptinfo/list', { schoolId, size: 1 }).catch(() => null);
      const found = rows?.records[0]?.discount;
      return typeof found === 'string' ? found : null;
    },
    enabled: !isPurchase && (isSchoolUser ? Boolean(school.data) : role === 'platform' && Boolean(schoolId)),
    staleTime: 60_000,
  });
  const schoolDiscount = terms.data ?? null;

  const priced = useMemo(
    () =>
      lines.map((line) => {
        const price = toCents(line.price);
        const bp = isPurchase ? toBasisPoints(line.discount) : toBasisPoints(schoolDiscount ?? '1');
        const unit = unitPriceCents(price, bp);
        return { ...line, bp, unit, listAmount: price * line.quantity, amount: unit * line.quantity };
      }),
    [lines, isPurchase, schoolDiscount],
  );
  const totals = priced.reduce(
    (s, l) => ({
      quantity: s.quantity + l.quantity,
      list: s.list + l.listAmount,
      amount: s.amount + l.amount,
    }),
    { quantity: 0, list: 0, amount: 0 },
  );

  const addGoods = (goods: Row) => {
    const at = lines.findIndex((l) => l.goodsId === String(goods.id));
    if (at >= 0) {
      void message.error(t('psi.goodsPicker.duplicate', { row: at + 1 }));
      setError(t('psi.goodsPicker.duplicate', { row: at + 1 }));
      return;
    }
    setError(null);
    setLinesEdited(true);
    setLines((prev) => [
      ...prev,
      {
        key: `new-${String(goods.id)}`,
        goodsId: String(goods.id),
        isbn: String(goods.isbn ?? ''),
        goodsName: String(goods.goodsName ?? ''),
        publisher: String(goods.publisher ?? ''),
        price: String(goods.price ?? '0.00'),
        discount: String(goods.purchaseDiscount || '1.0000'),
        quantity: 1,
        remark: '',
      },
    ]);
  };
  const change = (key: string, patch: Partial<Line>) => {
    setLinesEdited(true);
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };

  const submit = async () => {
    setError(null);
    const values = (await form.validateFields()) as Record<string, unknown>;
    if (lines.length === 0) {
      setError(t('psi.common.noLines'));
      return;
    }
    const body: Record<string, unknown> = {
      ...values,
      id: id ?? undefined,
      expectedDate: values.expectedDate
        ? dayjs(values.expectedDate as string).format('YYYY-MM-DD')
        : undefined,
      details: lines.map((l) => ({
        goodsId: l.goodsId,
        quantity: l.quantity,
        ...(isPurchase ? { discount: l.discount } : {}),
        ...(l.remark ? { remark: l.remark } : {}),
      })),
    };
    if (existing.data?.header.version !== undefined) body.version = existing.data.header.version;
    await run(async () => {
      const saved = await post(RESOURCE[kind].submit, body, true);
      void message.success(t('psi.common.submitted'));
      guard.release();
      onSaved(saved);
    });
  };

  const columns: TableColumnsType<(typeof priced)[number]> = [
    // every column fits the drawer at 1366 px without scrolling: the publisher sits under the title
    { title: '#', key: 'index', width: 40, align: 'center', render: (_v, _r, i) => i + 1 },
    {
      title: t('psi.field.goodsName'),
      key: 'goodsName',
      width: 210,
      render: (_v, l) => (
        <div className="psi-line-title" title={l.publisher ? `${l.goodsName} · ${l.publisher}` : l.goodsName}>
          <span className="psi-cell-clip">{l.goodsName}</span>
          {l.publisher && (
            <Typography.Text type="secondary" className="psi-cell-clip psi-line-title__publisher">
              {l.publisher}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 128 },
    {
      title: t('psi.field.price'),
      key: 'price',
      align: 'right',
      width: 84,
      render: (_v, l) => yuan(l.price),
    },
    {
      title: t('psi.field.discount'),
      key: 'discount',
      width: isPurchase ? 100 : 80,
      align: 'right',
      render: (_v, l) =>
        isPurchase ? (
          <InputNumber
            size="small"
            min={0.0001}
            max={1}
            step={0.01}
            precision={4}
            value={Number(l.discount)}
            disabled={frozen}
            onChange={(v) =>
              change(l.key, { discount: formatBasisPoints(Math.round(Number(v ?? 1) * 10000)) })
            }
            style={{ width: '100%' }}
            data-testid="line-discount"
          />
        ) : (
          formatBasisPoints(l.bp)
        ),
    },
    {
      title: t('psi.field.unitPrice'),
      key: 'unit',
      align: 'right',
      width: 84,
      render: (_v, l) => yuan(l.unit),
    },
    {
      title: t('psi.field.quantity'),
      key: 'quantity',
      width: 96,
      render: (_v, l) => (
        <InputNumber
          size="small"
          min={1}
          precision={0}
          value={l.quantity}
          disabled={frozen}
          onChange={(v) => change(l.key, { quantity: Math.max(1, Number(v ?? 1)) })}
          style={{ width: '100%' }}
          data-testid="line-quantity"
        />
      ),
    },
    {
      title: t('psi.field.listAmount'),
      key: 'list',
      align: 'right',
      width: 104,
      render: (_v, l) => yuan(l.listAmount),
    },
    {
      title: t('psi.field.amount'),
      key: 'amount',
      align: 'right',
      width: 104,
      render: (_v, l) => <span data-testid="line-amount">{yuan(l.amount)}</span>,
    },
    {
      title: t('psi.common.remark'),
      key: 'remark',
      width: 130,
      render: (_v, l) => (
        <Input
          size="small"
          value={l.remark}
          maxLength={255}
          disabled={frozen}
          onChange={(e) => change(l.key, { remark: e.target.value })}
        />
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 44,
      render: (_v, l) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('psi.common.delete')}
          disabled={frozen}
          onClick={() => {
            setLinesEdited(true);
            setLines((prev) => prev.filter((x) => x.key !== l.key));
          }}
          data-testid="line-remove"
        />
      ),
    },
  ];

  const title = t(TITLES[kind][id ? 1 : 0]);
  const number = existing.data?.header.orderNo ? ` · ${String(existing.data.header.orderNo)}` : '';

  return (
    <EditorDrawer
      title={`${title}${number}`}
      testId="order-editor"
      onClose={guard.close}
      actions={
        <Button
          type="primary"
          loading={saving}
          disabled={frozen || missing}
          onClick={() => void submit().catch(() => undefined)}
          data-testid="order-submit"
        >
          {t('psi.common.submit')}
        </Button>
      }
    >
      {id && existing.isLoading ? (
        <Spin />
      ) : missing ? (
        <Alert type="error" showIcon title={t('psi.common.notFound')} data-testid="order-missing" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {frozen && (
            <Alert type="warning" showIcon title={t('psi.yypt.frozen')} data-testid="order-frozen" />
          )}
          {!frozen && existing.data && Number(existing.data.header.orderStatus) === 8 && (
            <Alert type="info" showIcon title={t('psi.yypt.resubmitHint')} />
          )}
          {kind === 'direct' && <Alert type="info" showIcon title={t('psi.pod.directHint')} />}
          <Form
            form={form}
            layout="vertical"
            disabled={frozen}
            requiredMark
            initialValues={{ term: currentTerm() }}
          >
            <GridRow gutter={16}>
              {isPurchase ? (
                <>
                  <Col span={8}>
                    <Form.Item
                      name="supplierName"
                      label={t('psi.field.supplierName')}
                      rules={[{ required: true, message: t('psi.required.supplierName') }]}
                    >
                      <Input maxLength={100} data-testid="field-supplierName" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="supplierContact" label={t('psi.field.supplierContact')}>
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                </>
              ) : (
                <Col span={8}>
                  <Form.Item
                    name="schoolId"
                    label={t('psi.field.school')}
                    rules={[{ required: true, message: t('psi.required.school') }]}
                  >
                    {isSchoolUser ? (
                      <Select
                        disabled
                        options={
                          school.data ? [{ value: school.data.id, label: school.data.schoolName }] : []
                        }
                        data-testid="field-schoolId"
                      />
                    ) : (
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={schools.isLoading}
                        options={(schools.data?.records ?? []).map((s) => ({
                          value: String(s.id),
                          label: `${String(s.schoolName)}（${String(s.schoolCode)}）`,
                        }))}
                        onChange={(value: string) => {
                          const s = schools.data?.records.find((x) => x.id === value);
                          form.setFieldsValue({
                            depositoryId: s?.depositoryId ?? undefined,
                            receiverName: s?.contactName ?? undefined,
                            receiverPhone: s?.contactPhone ?? undefined,
                            receiverAddress: s?.address ?? undefined,
                          });
                        }}
                        data-testid="field-schoolId"
                      />
                    )}
                  </Form.Item>
                </Col>
              )}
              <Col span={8}>
                <Form.Item
                  name="depositoryId"
                  label={t('psi.field.depository')}
                  rules={[{ required: true, message: t('psi.required.depository') }]}
                  extra={isPurchase ? undefined : t('psi.yypt.depositoryHint')}
                >
                  <Select
                    loading={depositories.isLoading}
                    options={depositoryOptions(depositories.data)}
                    data-testid="field-depositoryId"
                  />
                </Form.Item>
              </Col>
              <Col span={isPurchase ? 8 : 8}>
                <Form.Item
                  name="term"
                  label={t('psi.field.term')}
                  rules={[{ required: true, pattern: /^\d{4}-\d{4}-[12]$/, message: '2025-2026-1' }]}
                >
                  <Input maxLength={11} data-testid="field-term" />
                </Form.Item>
              </Col>
              {isPurchase ? (
                <Col span={8}>
                  <Form.Item name="expectedDate" label={t('psi.field.expectedDate')}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ) : (
                <>
                  <Col span={8}>
                    <Form.Item
                      name="receiverName"
                      label={t('psi.field.receiverName')}
                      rules={[{ required: true, message: t('psi.required.receiverName') }]}
                    >
                      <Input maxLength={50} data-testid="field-receiverName" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item
                      name="receiverPhone"
                      label={t('psi.field.receiverPhone')}
                      rules={[{ required: true, message: t('psi.required.receiverPhone') }]}
                    >
                      <Input maxLength={20} data-testid="field-receiverPhone" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item
                      name="receiverAddress"
                      label={t('psi.field.receiverAddress')}
                      rules={[{ required: true, message: t('psi.required.receiverAddress') }]}
                    >
                      <Input maxLength={255} data-testid="field-receiverAddress" />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={isPurchase ? 16 : 24}>
                <Form.Item name="remark" label={t('psi.common.remark')}>
                  <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
                </Form.Item>
              </Col>
            </GridRow>
          </Form>
          {!isPurchase && (
            <Typography.Text type="secondary" data-testid="discount-hint">
              {schoolDiscount
                ? t('psi.yypt.discountHint', { discount: discountText(schoolDiscount) })
                : t('psi.yypt.discountUnknown')}
            </Typography.Text>
          )}
          <LinesTable
            rowKey="key"
            tableLayout="fixed"
            // the widths add up to less than the drawer: the table fills it instead of scrolling
            scroll={{}}
            columns={columns}
            dataSource={priced}
            data-testid="order-lines"
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  <Typography.Text strong>{t('psi.common.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6}>
                  <span data-testid="total-quantity">{totals.quantity}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <span data-testid="total-list">{yuan(totals.list)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  <Typography.Text strong data-testid="total-amount">
                    {yuan(totals.amount)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} colSpan={2} />
              </Table.Summary.Row>
            )}
          />
          {!frozen && (
            <div style={{ maxWidth: 640 }}>
              <GoodsSelect onPick={addGoods} />
            </div>
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="order-error" />}
        </Space>
      )}
    </EditorDrawer>
  );
}
