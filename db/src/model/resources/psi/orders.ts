import { defineResource, type FieldDef, type ResourceDef } from '../../resource';
import { t, type Text } from '../../text';
import { PSI_DICT, type PsiDictCode } from '../../psi/dicts';
import {
  auditFieldDefs,
  createTime,
  date,
  datetime,
  dict,
  discount,
  key,
  lineFields,
  num,
  receiverFields,
  ref,
  ro,
  shown,
  text,
  textarea,
  totalFields,
  versionField,
} from './fields';

const term = (): FieldDef =>
  text('term', '学期', 'Term', {
    required: true,
    maxLength: 11,
    pattern: {
      regex: '^\\d{4}-\\d{4}-[12]$',
      message: t('学期格式应为 2025-2026-1', 'The term must look like 2025-2026-1'),
    },
    search: 'equal',
    sortable: true,
  });

const orderNo = (name = 'orderNo', zh = '单据编号', en = 'Document no.'): FieldDef =>
  key(ro(text(name, zh, en, { search: 'like', sortable: true, width: 160 })));

const submitTime = (): FieldDef =>
  ro(datetime('submitTime', '提交时间', 'Submitted at', { search: 'dateRange', sortable: true }));

/** The header totals; the amount is a key column. */
const totals = (): FieldDef[] => totalFields().map((f) => (f.name === 'totalAmount' ? key(f) : f));

/** The workflow status of a document, coded by its dictionary. */
const orderStatus = (code: PsiDictCode): FieldDef =>
  key(ro(dict('orderStatus', code, '状态', 'Status', { search: 'equal', sortable: true })));

const payStatus = (): FieldDef =>
  ro(dict('payStatus', PSI_DICT.payStatus, '扣款状态', 'Payment', { search: 'equal' }));

const deliveredQuantity = (zh: string): FieldDef => ro(num('deliveredQuantity', zh, 'Delivered'));

/** The school an order is for and the depository that delivers it. */
const schoolAndDepository = (): FieldDef[] => [
  ref('schoolId', '学校', 'School', { search: 'equal', inTable: false }),
  key(shown('schoolName', '学校', 'School')),
  ref('depositoryId', '配送仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
  shown('depositoryName', '配送仓库', 'Depository'),
];

/** The fields every document header ends with. */
const closing = (): FieldDef[] => [textarea('remark', '备注', 'Remark'), versionField(), createTime()];

/** A document header under /blade-psi/<key>, edited in a wide dialog. */
const orderResource = (key: string, title: Text, rest: Pick<ResourceDef, 'fields' | 'access'>) =>
  defineResource({
    key,
    api: `/blade-psi/${key}`,
    title,
    permission: key,
    tenant: 'scoped',
    dialogWidth: 1100,
    ...rest,
  });

/**
 * The lines of a document: listed in their order, readable with the document's menu and written
 * with its add/edit buttons unless `access` says otherwise.
 */
const linesResource = (
  key: string,
  title: Text,
  permission: string,
  fields: FieldDef[],
  access: ResourceDef['access'] = {
    list: { menu: permission },
    detail: { menu: permission },
    submit: { button: [`${permission}_add`, `${permission}_edit`] },
    remove: { button: [`${permission}_edit`, `${permission}_delete`] },
    export: { menu: permission },
  },
) =>
  defineResource({
    key,
    api: `/blade-psi/${key}`,
    title,
    permission,
    tenant: 'scoped',
    defaultSort: [{ field: 'sort', dir: 'asc' }],
    access,
    fields,
  });

/** 采购入库单: the platform buys from a publisher into one depository. */
export const purchaseorderResource = orderResource('purchaseorder', t('采购入库单', 'Purchase receipts'), {
  fields: [
    orderNo(),
    key(text('supplierName', '供货商', 'Supplier', { required: true, maxLength: 100, search: 'like' })),
    text('supplierContact', '供货商联系人', 'Supplier contact', { maxLength: 100, inTable: false }),
    ref('depositoryId', '入库仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
    shown('depositoryName', '入库仓库', 'Depository'),
    term(),
    date('expectedDate', '预计到货', 'Expected on', { inTable: false }),
    ...totals(),
    ro(num('receivedQuantity', '实收册数', 'Received')),
    orderStatus(PSI_DICT.purchaseorderStatus),
    submitTime(),
    ...auditFieldDefs(),
    ro(ref('storageUser', '入库人', 'Stored by', { inTable: false })),
    ro(datetime('storageTime', '入库时间', 'Stored at', { inTable: false })),
    ro(text('storageRemark', '入库备注', 'Storage remark', { inTable: false })),
    ...closing(),
  ],
});

export const purchasedetailResource = linesResource(
  'purchasedetail',
  t('采购明细', 'Purchase lines'),
  'purchaseorder',
  [
    ref('purchaseId', '采购单', 'Purchase order', { required: true, search: 'equal', inTable: false }),
    ...lineFields().map((f) =>
      f.name === 'discount' ? discount('discount', '进货折扣', 'Purchase discount') : f,
    ),
    ro(num('receivedQuantity', '实收数量', 'Received')),
  ],
);

/** Who reads and writes 征订单 and their lines: the platform's and the schools' menus. */
const purchaseorderyyptReaders = { button: ['purchaseorderyypt', 'order_s', 'order_yy'] };
const purchaseorderyyptAccess = (remove: string[]): ResourceDef['access'] => ({
  list: purchaseorderyyptReaders,
  detail: purchaseorderyyptReaders,
  submit: { button: ['purchaseorderyypt_add', 'purchaseorderyypt_edit', 'order_s_add', 'order_s_edit'] },
  remove: { button: remove },
  export: purchaseorderyyptReaders,
});

/** 征订单: a school's order placed with the platform. */
export const purchaseorderyyptResource = orderResource(
  'purchaseorderyypt',
  t('征订单', 'Subscription orders'),
  {
    access: purchaseorderyyptAccess(['purchaseorderyypt_delete', 'order_s_delete']),
    fields: [
      orderNo(),
      ...schoolAndDepository(),
      term(),
      ...receiverFields(),
      ...totals(),
      deliveredQuantity('已发册数'),
      orderStatus(PSI_DICT.purchaseorderyyptStatus),
      payStatus(),
      ro(ref('depositoryOrderId', '配送单', 'Distribution order', { inTable: false })),
      submitTime(),
      ...auditFieldDefs(),
      ...closing(),
    ],
  },
);

export const purchasedetailyyptResource = linesResource(
  'purchasedetailyypt',
  t('征订明细', 'Subscription lines'),
  'purchaseorderyypt',
  [
    ref('purchaseId', '征订单', 'Subscription order', { required: true, search: 'equal', inTable: false }),
    ...lineFields(),
    deliveredQuantity('已发数量'),
  ],
  purchaseorderyyptAccess([
    'purchaseorderyypt_edit',
    'purchaseorderyypt_delete',
    'order_s_add',
    'order_s_edit',
    'order_s_delete',
  ]),
);

/** A 补订单 is entered with the depository's own buttons or the schools' supplement button. */
const depositorySubmit = {
  button: ['purchaseorderdepository_add', 'purchaseorderdepository_edit', 'order_s_supplement'],
};

/** 配送单: the depository's work order, from a 征订单 or entered directly (补订). */
export const purchaseorderdepositoryResource = orderResource(
  'purchaseorderdepository',
  t('配送单', 'Distribution orders'),
  {
    access: { submit: depositorySubmit },
    fields: [
      orderNo(),
      ro(dict('sourceType', PSI_DICT.orderSource, '来源', 'Source', { search: 'equal' })),
      ro(ref('sourceId', '来源征订单', 'Source order', { search: 'equal', inTable: false })),
      ro(text('sourceNo', '来源单号', 'Source no.', { search: 'like' })),
      ...schoolAndDepository(),
      term(),
      ...receiverFields(),
      ...totals(),
      deliveredQuantity('已发册数'),
      orderStatus(PSI_DICT.purchaseorderdepositoryStatus),
      payStatus(),
      submitTime(),
      ...auditFieldDefs(),
      ...closing(),
    ],
  },
);

export const purchasedetaildepositoryResource = linesResource(
  'purchasedetaildepository',
  t('配送明细', 'Distribution lines'),
  'purchaseorderdepository',
  [
    ref('purchaseId', '配送单', 'Distribution order', { required: true, search: 'equal', inTable: false }),
    ro(ref('sourceDetailId', '征订明细', 'Subscription line', { inTable: false })),
    ...lineFields(),
    deliveredQuantity('已发数量'),
  ],
  {
    list: { menu: 'purchaseorderdepository' },
    detail: { menu: 'purchaseorderdepository' },
    submit: depositorySubmit,
    remove: { button: ['purchaseorderdepository_edit', 'purchaseorderdepository_delete'] },
    export: { menu: 'purchaseorderdepository' },
  },
);

/** 发货单: one shipment against a 配送单. */
export const deliveryorderResource = orderResource('deliveryorder', t('发货单', 'Delivery orders'), {
  fields: [
    orderNo('deliveryNo', '发货单号', 'Delivery no.'),
    ref('depositoryOrderId', '配送单', 'Distribution order', {
      required: true,
      search: 'equal',
      inTable: false,
    }),
    ro(text('depositoryOrderNo', '配送单号', 'Distribution no.', { search: 'like' })),
    ro(ref('schoolId', '学校', 'School', { search: 'equal', inTable: false })),
    key(shown('schoolName', '学校', 'School')),
    ro(ref('depositoryId', '仓库', 'Depository', { search: 'equal', inTable: false })),
    shown('depositoryName', '仓库', 'Depository'),
    text('receiverName', '收货人', 'Receiver', { maxLength: 50 }),
    text('receiverPhone', '收货电话', 'Receiver phone', { maxLength: 20 }),
    text('receiverAddress', '收货地址', 'Receiver address', { maxLength: 255, inTable: false }),
    text('logisticsCompany', '物流公司', 'Carrier', { maxLength: 100, inTable: false }),
    text('trackingNo', '运单号', 'Tracking no.', { maxLength: 64, search: 'like' }),
    num('packageCount', '件数', 'Parcels', { min: 0, inTable: false }),
    ...totals(),
    orderStatus(PSI_DICT.deliveryorderStatus),
    submitTime(),
    ro(ref('deliveryUser', '出库人', 'Shipped by', { inTable: false })),
    ro(datetime('deliveryTime', '出库时间', 'Shipped at')),
    ro(text('deliveryRemark', '出库备注', 'Shipping remark', { inTable: false })),
    ...closing(),
  ],
});

export const deliverydetailResource = linesResource(
  'deliverydetail',
  t('发货明细', 'Delivery lines'),
  'deliveryorder',
  [
    ref('deliveryId', '发货单', 'Delivery order', { required: true, search: 'equal', inTable: false }),
    ref('sourceDetailId', '配送明细', 'Distribution line', { required: true, inTable: false }),
    ...lineFields().map((f) => (f.name === 'goodsId' ? ro(f) : f)),
  ],
);

/** The documents and their lines, each header before its lines. */
export const orderResources: ResourceDef[] = [
  purchaseorderResource,
  purchasedetailResource,
  purchaseorderyyptResource,
  purchasedetailyyptResource,
  purchaseorderdepositoryResource,
  purchasedetaildepositoryResource,
  deliveryorderResource,
  deliverydetailResource,
];
