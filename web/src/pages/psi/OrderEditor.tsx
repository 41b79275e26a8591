import type { MessageKey } from '../../i18n/resources';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Row as GridRow, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  docWithLines,
  linesOf,
  type MySchool,
  page,
  post,
  psiKeys,
  type PsiRoute,
  type DeclaredRow,
  psiRoutes,
} from '../../api/psi';
import { type RoleKind, useMySchool, useRoleKind } from '../../hooks/psi-session';
import { EditorDrawer, LinesTable, SubmitButton } from './EditorDrawer';
import { currentTerm, discountText } from './format';
import { useLang } from './status';
import { GoodsSelect } from './GoodsSelect';
import { useLines } from './lines';
import { OrderHeaderFields } from './OrderHeaderFields';
import {
  OrderTotals,
  pickedLine,
  savedLine,
  useOrderColumns,
  usePricedLines,
  type OrderLine,
} from './orderLines';
import { useEditor, useFillForm, useOnLoaded } from './useEditor';

export type OrderKind = 'purchaseorderyypt' | 'purchaseorderdepository' | 'purchaseorder';

const editableStatus = (row: DeclaredRow) => [1, 8].includes(Number(row.orderStatus));

/** The routes that save an order with its lines. */
type OrderSubmit = Extract<PsiRoute<'post'>, `${string}/submitPurchaseOrder${string}`>;

const RESOURCE: Record<
  OrderKind,
  {
    detail: 'purchaseorderyypt' | 'purchaseorderdepository' | 'purchaseorder';
    submit: OrderSubmit;
    lines: (id: string) => Promise<DeclaredRow[]>;
    editable: (row: DeclaredRow) => boolean;
  }
> = {
  purchaseorderyypt: {
    detail: 'purchaseorderyypt',
    submit: psiRoutes.purchasedetailyyptSubmitPurchaseOrderYypt,
    lines: linesOf.purchaseorderyypt,
    editable: editableStatus,
  },
  purchaseorderdepository: {
    detail: 'purchaseorderdepository',
    submit: psiRoutes.purchasedetaildepositorySubmitPurchaseOrderDepository,
    lines: linesOf.purchaseorderdepository,
    editable: (row) => Number(row.sourceType) === 2 && editableStatus(row),
  },
  purchaseorder: {
    detail: 'purchaseorder',
    submit: psiRoutes.purchasedetailSubmitPurchaseOrder,
    lines: linesOf.purchaseorder,
    editable: editableStatus,
  },
};

const TITLES: Record<OrderKind, [MessageKey, MessageKey]> = {
  purchaseorderyypt: ['psi.purchaseorderyypt.newOrder', 'psi.purchaseorderyypt.editOrder'],
  purchaseorderdepository: [
    'psi.purchaseorderdepository.newDirect',
    'psi.purchaseorderdepository.editDirect',
  ],
  purchaseorder: ['psi.purchaseorder.newOrder', 'psi.purchaseorder.editOrder'],
};

interface OrderEditorProps {
  kind: OrderKind;
  /** The document to edit; none for a new one. */
  id?: string;
  onClose: () => void;
  onSaved: (saved: DeclaredRow) => void;
}

/**
 * The school's sale discount, which prices its lines (the server applies the same one on submit): a
 * school user's own, else the school's terms as the platform sees them.
 */
function useSchoolDiscount(role: RoleKind, schoolId: string | undefined, own: MySchool | null | undefined) {
  const isSchoolUser = role === 'school';
  const terms = useQuery({
    queryKey: psiKeys.schoolTerms(schoolId),
    queryFn: async () => {
      if (isSchoolUser) return own?.discount ?? null;
      const rows = await page(psiRoutes.schoolyyptinfoList, { schoolId, size: 1 }).catch(() => null);
      const found = rows?.records[0]?.discount;
      return typeof found === 'string' ? found : null;
    },
    enabled: isSchoolUser ? Boolean(own) : role === 'platform' && Boolean(schoolId),
    staleTime: 60_000,
  });
  return terms.data ?? null;
}

/** The school's discount, as the lines of a sale order are priced. */
function DiscountHint({ discount }: { discount: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Typography.Text type="secondary" data-testid="discount-hint">
      {discount
        ? t('psi.purchaseorderyypt.discountHint', { discount: discountText(discount, lang) })
        : t('psi.purchaseorderyypt.discountUnknown')}
    </Typography.Text>
  );
}

/** What the form and the lines send to the kind's `submit…` endpoint. */
function submitBody(values: Record<string, unknown>, lines: OrderLine[], isPurchase: boolean) {
  return {
    ...values,
    expectedDate: values.expectedDate ? dayjs(values.expectedDate as string).format('YYYY-MM-DD') : undefined,
    details: lines.map((l) => ({
      goodsId: l.goodsId,
      quantity: l.quantity,
      ...(isPurchase ? { discount: l.discount } : {}),
      ...(l.remark ? { remark: l.remark } : {}),
    })),
  };
}

/**
 * The order page: header (school, depository from `getSchoolDepositoryList`, term, receiver; or the
 * supplier for a purchase receipt) and an editable line table with live prices and totals.
 */
export function OrderEditor({ kind, id, onClose, onSaved }: OrderEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const role = useRoleKind();
  const isSchoolUser = role === 'school';
  const isPurchase = kind === 'purchaseorder';
  const school = useMySchool(isSchoolUser);
  // lines added, changed or removed by the user (loading a document's lines is not an edit)
  const lines = useLines<OrderLine>((l) => l.key);
  const editor = useEditor(() => lines.edited || form.isFieldsTouched(), onClose);

  const existing = useQuery({
    queryKey: psiKeys.edit(kind, id),
    queryFn: () => docWithLines(RESOURCE[kind].detail, id!, RESOURCE[kind].lines),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const header = existing.data?.header;
  const frozen = header ? !RESOURCE[kind].editable(header) : false;
  const missing = Boolean(id) && existing.isSuccess && !existing.data;
  // only the purchase order documents an expected date
  useFillForm(form, header, (h) => ({
    ...h,
    expectedDate: 'expectedDate' in h && h.expectedDate ? dayjs(h.expectedDate) : undefined,
  }));
  useOnLoaded(existing.data, (data) => lines.load(data.lines.map(savedLine)));

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
  const schoolDiscount = useSchoolDiscount(role, isPurchase ? undefined : schoolId, school.data);
  const { priced, totals } = usePricedLines(lines.lines, isPurchase, isPurchase ? null : schoolDiscount);
  const columns = useOrderColumns(lines, isPurchase, frozen);

  const addGoods = (goods: DeclaredRow) => {
    if (!lines.accepts(String(goods.id), editor.setError)) return;
    editor.setError(null);
    lines.edit((prev) => [...prev, pickedLine(goods)]);
  };

  const submit = async () => {
    editor.setError(null);
    const values = (await form.validateFields()) as Record<string, unknown>;
    if (lines.lines.length === 0) {
      editor.setError(t('psi.common.noLines'));
      return;
    }
    const body: Record<string, unknown> = {
      ...submitBody(values, lines.lines, isPurchase),
      id: id ?? undefined,
    };
    if (header?.version !== undefined) body.version = header.version;
    await editor.save(() => post(RESOURCE[kind].submit, body, true), onSaved);
  };

  const number = header?.orderNo ? ` · ${String(header.orderNo)}` : '';
  return (
    <EditorDrawer
      title={`${t(TITLES[kind][id ? 1 : 0])}${number}`}
      testId="order-editor"
      onClose={editor.close}
      loading={Boolean(id) && existing.isLoading}
      error={editor.error}
      errorTestId="order-error"
      actions={
        <SubmitButton
          busy={editor.busy}
          disabled={frozen || missing}
          onSubmit={submit}
          testId="order-submit"
        />
      }
    >
      {missing ? (
        <Alert type="error" showIcon title={t('psi.common.notFound')} data-testid="order-missing" />
      ) : (
        <>
          {frozen && (
            <Alert
              type="warning"
              showIcon
              title={t('psi.purchaseorderyypt.frozen')}
              data-testid="order-frozen"
            />
          )}
          {!frozen && header && Number(header.orderStatus) === 8 && (
            <Alert type="info" showIcon title={t('psi.purchaseorderyypt.resubmitHint')} />
          )}
          {kind === 'purchaseorderdepository' && (
            <Alert type="info" showIcon title={t('psi.purchaseorderdepository.directHint')} />
          )}
          <Form
            form={form}
            layout="vertical"
            disabled={frozen}
            requiredMark
            initialValues={{ term: currentTerm() }}
          >
            <GridRow gutter={16}>
              <OrderHeaderFields
                form={form}
                isPurchase={isPurchase}
                ownSchool={school.data}
                isSchoolUser={isSchoolUser}
              />
            </GridRow>
          </Form>
          {!isPurchase && <DiscountHint discount={schoolDiscount} />}
          <LinesTable
            rowKey="key"
            tableLayout="fixed"
            // the widths add up to less than the drawer: the table fills it instead of scrolling
            scroll={{}}
            columns={columns}
            dataSource={priced}
            data-testid="order-lines"
            summary={() => <OrderTotals totals={totals} />}
          />
          {!frozen && (
            <div style={{ maxWidth: 640 }}>
              <GoodsSelect onPick={addGoods} />
            </div>
          )}
        </>
      )}
    </EditorDrawer>
  );
}
