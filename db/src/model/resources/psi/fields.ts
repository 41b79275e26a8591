import type { FieldDef, FieldKind } from '../../resource';
import { dictField, field, type Extra } from '../builders';
import { t } from '../../text';
import { PSI_DICT } from '../../psi/dicts';

/** Small builders for the PSI declarations: every field is a FieldDef, only shorter to write. */
type Builder = (name: string, zh: string, en: string, extra?: Extra) => FieldDef;
const of =
  (kind: FieldKind): Builder =>
  (name, zh, en, extra = {}) =>
    field(kind, name, zh, en, extra);

export const text = of('text');
export const num = of('number');
export const money = of('money');
export const date = of('date');
export const datetime = of('datetime');

export const textarea: Builder = (name, zh, en, extra = {}) =>
  field('textarea', name, zh, en, { maxLength: 500, span: 24, inTable: false, ...extra });

export const dict = (
  name: string,
  code: (typeof PSI_DICT)[keyof typeof PSI_DICT],
  zh: string,
  en: string,
  extra: Extra = {},
): FieldDef => dictField(name, code, zh, en, extra);

export const ref: Builder = (name, zh, en, extra = {}) =>
  field('ref', name, zh, en, { numeric: false, ...extra });

/** A key column of its list: shown first, at the initial scroll position (`FieldDef.priority`). */
export const key = (f: FieldDef): FieldDef => ({ ...f, priority: 'key' });

/** Server-managed: shown, never accepted from a body. */
export const ro = (f: FieldDef): FieldDef => ({ ...f, readOnly: true, inForm: false });

/** A joined display value (not a column): shown in tables and detail views only. */
export const shown = (name: string, zh: string, en: string): FieldDef =>
  ro({ name, kind: 'text', label: t(zh, en) });

/** Discount fields are basis points in the database and `"0.9500"` on the wire. */
export const discount: Builder = (name, zh, en, extra = {}) =>
  text(name, zh, en, {
    pattern: {
      regex: '^(0(\\.\\d{1,4})?|1(\\.0{1,4})?)$',
      message: t('折扣必须大于0且不超过1', 'The discount must be greater than 0 and at most 1'),
    },
    display: 'discount',
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
