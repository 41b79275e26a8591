import { useEffect, useMemo, useState } from 'react';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
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
import { detail, linesOf, post, stockOf, stockPage, type Row, useDepositories, useCan } from '../../../api/psi';
import { formatCents, toCents, yuan } from '../format';
import { GoodsSelect } from '../GoodsSelect';
import { depositoryOptions } from '../options';
import { useSubmit } from '../useSubmit';
import { useDiscardGuard } from '../../../components/discard/useDiscardGuard';
import { EditorDrawer, LinesTable } from '../EditorDrawer';

interface CountLine {
  goodsId: string;
  isbn: string;
  goodsName: string;
  price: string;
  book: number;
  counted: number;
  remark: string;
}

export interface BookChange {
  goodsId: string;
  isbn: string;
  goodsName: string;
  bookQuantityAtSave: number;
  bookQuantity: number;
}

interface CheckSheetProps {
  /** An open (盘点中) check to continue; none for a new count. */
  id?: string;
  onClose: () => void;
  onSaved: (result: Row & { bookChanged?: BookChange[] }, completed: boolean) => void;
}

/** The count sheet of a depository: book quantity, counted quantity and difference per book. */
export function CheckSheet({ id, onClose, onSaved }: CheckSheetProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm();
  const depositories = useDepositories();
  const [checkId, setCheckId] = useState<string | undefined>(id);
  const [lines, setLines] = useState<CountLine[]>([]);
  // changed by the user since the sheet was loaded or last saved
  const [edited, setEdited] = useState(false);
  const guard = useDiscardGuard(() => edited, onClose, { urlBound: true });
  const { error, setError, busy, run } = useSubmit();
  const [version, setVersion] = useState<unknown>(undefined);
  const depositoryId = Form.useWatch('depositoryId', form) as string | undefined;

  const existing = useQuery({
    queryKey: ['psi', 'check-edit', id],
    queryFn: async () => {
      const header = await detail('depositorycheck', id!);
      return header ? { header, lines: await linesOf.check(id!) } : null;
    },
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    const data = existing.data;
    if (!data) return;
    form.setFieldsValue({
      depositoryId: String(data.header.depositoryId),
      checkDate: data.header.checkDate ? dayjs(String(data.header.checkDate)) : undefined,
      remark: data.header.remark,
    });
  }, [existing.data, form]);
  const [loadedFor, setLoadedFor] = useState<unknown>(null);
  if (existing.data && loadedFor !== existing.data) {
    const data = existing.data;
    setLoadedFor(data);
    setVersion(data.header.version);
    setLines(
      data.lines.map((l) => ({
        goodsId: String(l.goodsId),
        isbn: String(l.isbn),
        goodsName: String(l.goodsName),
        price: String(l.price),
        book: Number(l.bookQuantity),
        counted: Number(l.countedQuantity),
        remark: String(l.remark ?? ''),
      })),
    );
  }

  const loadAll = async () => {
    if (!depositoryId) return;
    const { records } = await stockPage({ depositoryId, size: 500 });
    setEdited(true);
    setLines((prev) => {
      const known = new Set(prev.map((l) => l.goodsId));
      return [
        ...prev,
        ...records
          .filter((r) => !known.has(r.goodsId))
          .map((r) => ({
            goodsId: r.goodsId,
            isbn: r.isbn,
            goodsName: r.goodsName,
            price: r.price,
            book: r.quantity,
            counted: r.quantity,
            remark: '',
          })),
      ];
    });
  };

  const addGoods = async (goods: Row) => {
    const at = lines.findIndex((l) => l.goodsId === String(goods.id));
    if (at >= 0) {
      void message.error(t('psi.goodsPicker.duplicate', { row: at + 1 }));
      return;
    }
    const stock = depositoryId ? await stockOf(depositoryId, [String(goods.id)]).catch(() => ({})) : {};
    const book = (stock as Record<string, number>)[String(goods.id)] ?? 0;
    setEdited(true);
    setLines((prev) => [
      ...prev,
      {
        goodsId: String(goods.id),
        isbn: String(goods.isbn),
        goodsName: String(goods.goodsName),
        price: String(goods.price),
        book,
        counted: book,
        remark: '',
      },
    ]);
  };

  const totals = useMemo(
    () =>
      lines.reduce(
        (s, l) => {
          const d = l.counted - l.book;
          return {
            book: s.book + l.book,
            counted: s.counted + l.counted,
            gain: s.gain + Math.max(0, d),
            loss: s.loss + Math.max(0, -d),
            amount: s.amount + d * toCents(l.price),
          };
        },
        { book: 0, counted: 0, gain: 0, loss: 0, amount: 0 },
      ),
    [lines],
  );

  const save = async (complete: boolean) => {
    setError(null);
    const values = (await form.validateFields()) as {
      depositoryId: string;
      checkDate?: dayjs.Dayjs;
      remark?: string;
    };
    if (lines.length === 0) {
      setError(t('psi.common.noLines'));
      return;
    }
    await run(async () => {
      const result = await post<Row & { bookChanged?: BookChange[] }>(
        'depositoryinfo/saveCheckList',
        {
          depositoryId: values.depositoryId,
          checkId,
          checkDate: values.checkDate ? values.checkDate.format('YYYY-MM-DD') : undefined,
          remark: values.remark,
          complete,
          version,
          details: lines.map((l) => ({
            goodsId: l.goodsId,
            countedQuantity: l.counted,
            ...(l.remark ? { remark: l.remark } : {}),
          })),
        },
        true,
      );
      setCheckId(String(result.id));
      setVersion(result.version);
      void message.success(complete ? t('psi.check.completed') : t('psi.check.saved'));
      setEdited(false);
      if (complete) guard.release();
      onSaved(result, complete);
    });
  };

  const change = (goodsId: string, patch: Partial<CountLine>) => {
    setEdited(true);
    setLines((prev) => prev.map((l) => (l.goodsId === goodsId ? { ...l, ...patch } : l)));
  };

  const columns: TableColumnsType<CountLine> = [
    { title: '#', key: 'i', width: 48, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'name' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 140 },
    { title: t('psi.field.price'), key: 'price', align: 'right', render: (_v, l) => yuan(l.price) },
    {
      title: t('psi.field.bookQuantity'),
      dataIndex: 'book',
      key: 'book',
      align: 'right',
      render: (v: number) => <span data-testid="line-book">{v}</span>,
    },
    {
      title: t('psi.field.countedQuantity'),
      key: 'counted',
      render: (_v, l) => (
        <InputNumber
          size="small"
          min={0}
          precision={0}
          value={l.counted}
          onChange={(v) => change(l.goodsId, { counted: Math.max(0, Number(v ?? 0)) })}
          data-testid="line-counted"
        />
      ),
    },
    {
      title: t('psi.field.difference'),
      key: 'diff',
      align: 'right',
      render: (_v, l) => {
        const d = l.counted - l.book;
        return (
          <Typography.Text
            type={d < 0 ? 'danger' : d > 0 ? 'success' : undefined}
            strong={d !== 0}
            data-testid="line-diff"
          >
            {d > 0 ? `+${d}` : d}
          </Typography.Text>
        );
      },
    },
    {
      title: t('psi.field.differenceAmount'),
      key: 'amount',
      align: 'right',
      render: (_v, l) => yuan(formatCents((l.counted - l.book) * toCents(l.price))),
    },
    {
      title: t('psi.common.remark'),
      key: 'remark',
      render: (_v, l) => (
        <Input
          size="small"
          value={l.remark}
          maxLength={255}
          onChange={(e) => change(l.goodsId, { remark: e.target.value })}
        />
      ),
    },
    {
      title: '',
      key: 'x',
      width: 48,
      render: (_v, l) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('psi.common.delete')}
          onClick={() => {
            setEdited(true);
            setLines((prev) => prev.filter((x) => x.goodsId !== l.goodsId));
          }}
        />
      ),
    },
  ];

  const header = existing.data?.header;
  return (
    <EditorDrawer
      title={`${t('psi.check.sheet')}${header ? ` · ${String(header.checkNo)}` : ''}`}
      testId="check-sheet"
      onClose={guard.close}
      actions={
        <>
          <Button
            loading={busy}
            onClick={() => void save(false).catch(() => undefined)}
            data-testid="check-save"
          >
            {t('psi.check.save')}
          </Button>
          {can('depositorycheck_complete') && (
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                modal.confirm({
                  title: t('psi.check.complete'),
                  content: t('psi.check.completeConfirm'),
                  okText: t('psi.check.complete'),
                  cancelText: t('psi.common.cancel'),
                  onOk: () => save(true).catch(() => undefined),
                })
              }
              data-testid="check-complete"
            >
              {t('psi.check.complete')}
            </Button>
          )}
        </>
      }
    >
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ checkDate: dayjs() }}
            onValuesChange={() => setEdited(true)}
          >
            <GridRow gutter={16}>
              <Col span={8}>
                <Form.Item
                  name="depositoryId"
                  label={t('psi.field.depository')}
                  rules={[{ required: true, message: t('psi.required.depository') }]}
                >
                  <Select
                    disabled={Boolean(checkId)}
                    loading={depositories.isLoading}
                    options={depositoryOptions(depositories.data)}
                    data-testid="check-depository"
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="checkDate" label={t('psi.field.checkDate')}>
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="remark" label={t('psi.common.remark')}>
                  <Input maxLength={500} />
                </Form.Item>
              </Col>
            </GridRow>
          </Form>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              disabled={!depositoryId}
              onClick={() => void loadAll()}
              data-testid="check-load"
            >
              {t('psi.check.loadStock')}
            </Button>
            <div style={{ width: 520 }}>
              <GoodsSelect onPick={(g) => void addGoods(g)} disabled={!depositoryId} />
            </div>
          </Space>
          <LinesTable
            rowKey="goodsId"
            columns={columns}
            dataSource={lines}
            data-testid="check-lines"
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  <Typography.Text strong>{t('psi.common.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {totals.book}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5}>{totals.counted}</Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <span data-testid="check-gain-loss">
                    {t('psi.field.gain')} +{totals.gain} / {t('psi.field.loss')} -{totals.loss}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {yuan(formatCents(totals.amount))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} colSpan={2} />
              </Table.Summary.Row>
            )}
          />
          {error && <Alert type="error" showIcon title={error} data-testid="check-error" />}
        </Space>
      )}
    </EditorDrawer>
  );
}
