import { useMemo, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Row as GridRow,
  Select,
  Space,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  docWithLines,
  linesOf,
  post,
  psiKeys,
  stockOf,
  stockPage,
  type DeclaredRow,
  type PsiAnswer,
  useDepositories,
  psiRoutes,
} from '../../../api/psi';
import { useCan } from '../../../hooks/permission';
import { EditorDrawer, LinesTable } from '../EditorDrawer';
import { formatCents, toCents, yuan } from '../format';
import { GoodsSelect } from '../GoodsSelect';
import {
  CopiesInput,
  DiffText,
  goodsColumns,
  indexColumn,
  LinesSummary,
  remarkColumn,
  removeColumn,
  useLines,
} from '../lines';
import { FieldCol } from '../fields';
import { depositoryOptions } from '../options';
import { useEditor, useFillForm, useOnLoaded } from '../useEditor';

interface CountLine {
  goodsId: string;
  isbn: string;
  goodsName: string;
  price: string;
  book: number;
  counted: number;
  remark: string;
}

type SaveResult = PsiAnswer<typeof psiRoutes.depositoryinfoSaveCheckList>;

interface DepositorycheckSheetProps {
  /** An open (盘点中) check to continue; none for a new count. */
  id?: string;
  onClose: () => void;
  onSaved: (result: SaveResult, completed: boolean) => void;
}

const countLine = (l: DeclaredRow): CountLine => ({
  goodsId: String(l.goodsId),
  isbn: String(l.isbn),
  goodsName: String(l.goodsName),
  price: String(l.price),
  book: Number(l.bookQuantity),
  counted: Number(l.countedQuantity),
  remark: String(l.remark ?? ''),
});

/** A new line of a book at its book quantity, counted as found. */
const freshLine = (
  goods: { goodsId: string; isbn: string; goodsName: string; price: string },
  book: number,
) => ({
  ...goods,
  book,
  counted: book,
  remark: '',
});

function sheetTotals(lines: CountLine[]) {
  return lines.reduce(
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
  );
}

function useCountColumns(sheet: ReturnType<typeof useLines<CountLine>>): TableColumnsType<CountLine> {
  const { t } = useTranslation();
  return [
    indexColumn(),
    ...goodsColumns<CountLine>(t),
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
        <CopiesInput
          min={0}
          value={l.counted}
          onChange={(counted) => sheet.change(l.goodsId, { counted })}
          testId="line-counted"
        />
      ),
    },
    {
      title: t('psi.field.difference'),
      key: 'diff',
      align: 'right',
      render: (_v, l) => <DiffText value={l.counted - l.book} strong testId="line-diff" />,
    },
    {
      title: t('psi.field.differenceAmount'),
      key: 'amount',
      align: 'right',
      render: (_v, l) => yuan(formatCents((l.counted - l.book) * toCents(l.price))),
    },
    remarkColumn<CountLine>(t, (l, remark) => sheet.change(l.goodsId, { remark })),
    removeColumn<CountLine>(t, (l) => sheet.remove(l.goodsId)),
  ];
}

/** The fields of the sheet's header: depository (fixed once saved), count date, remark. */
function CheckHeaderFields({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const depositories = useDepositories();
  return (
    <GridRow gutter={16}>
      <FieldCol
        span={8}
        name="depositoryId"
        label={t('psi.field.depository')}
        rules={[{ required: true, message: t('psi.required.depository') }]}
      >
        <Select
          disabled={locked}
          loading={depositories.isLoading}
          options={depositoryOptions(depositories.data)}
          data-testid="check-depository"
        />
      </FieldCol>
      <FieldCol span={6} name="checkDate" label={t('psi.field.checkDate')}>
        <DatePicker style={{ width: '100%' }} />
      </FieldCol>
      <FieldCol span={10} name="remark" label={t('psi.common.remark')}>
        <Input maxLength={500} />
      </FieldCol>
    </GridRow>
  );
}

/** The totals row of the sheet: book and counted copies, gain and loss, difference amount. */
function CheckTotals({ lines }: { lines: CountLine[] }) {
  const { t } = useTranslation();
  const totals = useMemo(() => sheetTotals(lines), [lines]);
  return (
    <LinesSummary
      labelSpan={4}
      cells={[
        { content: totals.book, align: 'right' },
        { content: totals.counted },
        {
          align: 'right',
          content: (
            <span data-testid="check-gain-loss">
              {t('psi.field.gain')} +{totals.gain} / {t('psi.field.loss')} -{totals.loss}
            </span>
          ),
        },
        { content: yuan(formatCents(totals.amount)), align: 'right' },
        { colSpan: 2 },
      ]}
    />
  );
}

/** "Save" keeps the count open; "complete" (asked first) applies the differences to stock. */
function CheckActions({ busy, onSave }: { busy: boolean; onSave: (complete: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  return (
    <>
      <Button
        loading={busy}
        onClick={() => void onSave(false).catch(() => undefined)}
        data-testid="check-save"
      >
        {t('psi.depositorycheck.save')}
      </Button>
      {can('depositorycheck_complete') && (
        <Button
          type="primary"
          loading={busy}
          onClick={() =>
            modal.confirm({
              title: t('psi.depositorycheck.complete'),
              content: t('psi.depositorycheck.completeConfirm'),
              okText: t('psi.depositorycheck.complete'),
              cancelText: t('psi.common.cancel'),
              onOk: () => onSave(true).catch(() => undefined),
            })
          }
          data-testid="check-complete"
        >
          {t('psi.depositorycheck.complete')}
        </Button>
      )}
    </>
  );
}

/** The count sheet of a depository: book quantity, counted quantity and difference per book. */
export function DepositorycheckSheet({ id, onClose, onSaved }: DepositorycheckSheetProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [checkId, setCheckId] = useState<string | undefined>(id);
  // `edited`: changed by the user since the sheet was loaded or last saved
  const sheet = useLines<CountLine>((l) => l.goodsId);
  const { lines } = sheet;
  const editor = useEditor(() => sheet.edited, onClose);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const depositoryId = Form.useWatch('depositoryId', form) as string | undefined;
  const columns = useCountColumns(sheet);

  const existing = useQuery({
    queryKey: psiKeys.edit('depositorycheck', id),
    queryFn: () => docWithLines('depositorycheck', id!, linesOf.depositorycheck),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useFillForm(form, existing.data, ({ header }) => ({
    depositoryId: String(header.depositoryId),
    checkDate: header.checkDate ? dayjs(String(header.checkDate)) : undefined,
    remark: header.remark,
  }));
  useOnLoaded(existing.data, (data) => {
    setVersion(data.header.version);
    sheet.load(data.lines.map(countLine));
  });

  const loadAll = async () => {
    if (!depositoryId) return;
    const { records } = await stockPage({ depositoryId, size: 500 });
    sheet.edit((prev) => {
      const known = new Set(prev.map((l) => l.goodsId));
      return [...prev, ...records.filter((r) => !known.has(r.goodsId)).map((r) => freshLine(r, r.quantity))];
    });
  };

  const addGoods = async (goods: DeclaredRow) => {
    const goodsId = String(goods.id);
    if (!sheet.accepts(goodsId)) return;
    const stock = depositoryId ? await stockOf(depositoryId, [goodsId]).catch(() => ({})) : {};
    const book = (stock as Record<string, number>)[goodsId] ?? 0;
    const picked = {
      goodsId,
      isbn: String(goods.isbn),
      goodsName: String(goods.goodsName),
      price: String(goods.price),
    };
    sheet.edit((prev) => [...prev, freshLine(picked, book)]);
  };

  const save = async (complete: boolean) => {
    editor.setError(null);
    const values = (await form.validateFields()) as {
      depositoryId: string;
      checkDate?: dayjs.Dayjs;
      remark?: string;
    };
    if (lines.length === 0) {
      editor.setError(t('psi.common.noLines'));
      return;
    }
    const body = {
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
    };
    await editor.save(
      () => post(psiRoutes.depositoryinfoSaveCheckList, body, true),
      (result) => {
        if ('id' in result) {
          setCheckId(String(result.id));
          setVersion(result.version);
        }
        sheet.setEdited(false);
        onSaved(result, complete);
      },
      {
        text: complete ? t('psi.depositorycheck.completed') : t('psi.depositorycheck.saved'),
        keepGuard: !complete,
      },
    );
  };

  const header = existing.data?.header;
  return (
    <EditorDrawer
      title={`${t('psi.depositorycheck.sheet')}${header ? ` · ${String(header.checkNo)}` : ''}`}
      testId="check-sheet"
      onClose={editor.close}
      loading={Boolean(id) && existing.isLoading}
      error={editor.error}
      errorTestId="check-error"
      actions={<CheckActions busy={editor.busy} onSave={save} />}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ checkDate: dayjs() }}
        onValuesChange={() => sheet.setEdited(true)}
      >
        <CheckHeaderFields locked={Boolean(checkId)} />
      </Form>
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          disabled={!depositoryId}
          onClick={() => void loadAll()}
          data-testid="check-load"
        >
          {t('psi.depositorycheck.loadStock')}
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
        summary={() => <CheckTotals lines={lines} />}
      />
    </EditorDrawer>
  );
}
