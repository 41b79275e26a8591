import type { FieldDef } from '../../resource';
import { t } from '../../text';
import { PSI_DICT } from '../../psi/dicts';

/** Small builders for the PSI declarations: every field is a FieldDef, only shorter to write. */
type Extra = Partial<Omit<FieldDef, 'name' | 'kind' | 'label'>>;

export const text = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'text',
  label: t(zh, en),
  ...extra,
});

export const textarea = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'textarea',
  label: t(zh, en),
  maxLength: 500,
  span: 24,
  inTable: false,
  ...extra,
});

export const num = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'number',
  label: t(zh, en),
  ...extra,
});

export const money = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'money',
  label: t(zh, en),
  ...extra,
});

export const dict = (
  name: string,
  code: (typeof PSI_DICT)[keyof typeof PSI_DICT],
  zh: string,
  en: string,
  extra: Extra = {},
): FieldDef => ({
  name,
  kind: 'dict',
  dict: { code },
  numeric: true,
  label: t(zh, en),
  ...extra,
});

export const ref = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'ref',
  label: t(zh, en),
  numeric: false,
  ...extra,
});

export const date = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'date',
  label: t(zh, en),
  ...extra,
});

export const datetime = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'datetime',
  label: t(zh, en),
  ...extra,
});

/** A key column of its list: shown first, at the initial scroll position (`FieldDef.priority`). */
export const key = (f: FieldDef): FieldDef => ({ ...f, priority: 'key' });

/** Server-managed: shown, never accepted from a body. */
export const ro = (f: FieldDef): FieldDef => ({ ...f, readOnly: true, inForm: false });

/** A joined display value (not a column): shown in tables and detail views only. */
export const shown = (name: string, zh: string, en: string): FieldDef =>
  ro({ name, kind: 'text', label: t(zh, en) });

/** Discount fields are basis points in the database and `"0.9500"` on the wire. */
export const discount = (name: string, zh: string, en: string, extra: Extra = {}): FieldDef => ({
  name,
  kind: 'text',
  label: t(zh, en),
  pattern: {
    regex: '^(0(\\.\\d{1,4})?|1(\\.0{1,4})?)$',
    message: t('折扣必须大于0且不超过1', 'The discount must be greater than 0 and at most 1'),
  },
  ...extra,
});

export const DISCOUNT_FIELDS = new Set(['saleDiscount', 'purchaseDiscount', 'discount']);

export const createTime = (): FieldDef =>
  ro({
    name: 'createTime',
    kind: 'datetime',
    label: t('创建时间', 'Created at'),
    search: 'dateRange',
    sortable: true,
  });

export const rowStatus = (zh = '状态', en = 'Status'): FieldDef =>
  dict('status', PSI_DICT.enableStatus, zh, en, { search: 'equal', defaultValue: 1, sortable: true });

export const versionField = (): FieldDef =>
  ro({ name: 'version', kind: 'number', label: t('版本', 'Version'), inTable: false });

/** The snapshot and pricing columns every order line carries. */
export const lineFields = (): FieldDef[] => [
  ref('goodsId', '图书', 'Book', { required: true, search: 'equal' }),
  ro(text('isbn', 'ISBN', 'ISBN', { search: 'like' })),
  ro(text('goodsName', '书名', 'Title', { search: 'like' })),
  ro(text('publisher', '出版社', 'Publisher')),
  ro(text('edition', '版本', 'Edition')),
  ro(money('price', '定价', 'List price')),
  ro(discount('discount', '折扣', 'Discount')),
  ro(money('unitPrice', '单价', 'Unit price')),
  num('quantity', '数量', 'Quantity', { required: true, min: 1, sortable: true }),
  ro(money('listAmount', '码洋', 'List amount')),
  ro(money('amount', '实洋', 'Amount')),
  ro(num('sort', '排序', 'Sort', { inTable: false })),
  text('remark', '备注', 'Remark', { maxLength: 255 }),
];

export const totalFields = (): FieldDef[] => [
  ro(num('totalQuantity', '总册数', 'Total copies', { sortable: true })),
  ro(money('totalListAmount', '码洋', 'List amount', { sortable: true })),
  ro(money('totalAmount', '实洋', 'Amount', { sortable: true })),
];

export const auditFieldDefs = (): FieldDef[] => [
  ro(ref('auditUser', '审核人', 'Audited by', { inTable: false })),
  ro(datetime('auditTime', '审核时间', 'Audited at', { inTable: false })),
  ro(text('auditRemark', '审核意见', 'Audit remark', { inTable: false })),
];

export const receiverFields = (): FieldDef[] => [
  text('receiverName', '收货人', 'Receiver', { required: true, maxLength: 50 }),
  text('receiverPhone', '收货电话', 'Receiver phone', { required: true, maxLength: 20 }),
  text('receiverAddress', '收货地址', 'Receiver address', { required: true, maxLength: 255, inTable: false }),
];
