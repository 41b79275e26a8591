import { defineResource, type FieldDef } from '../../resource';
import { t } from '../../text';
import { PSI_DICT } from '../../psi/dicts';
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

/** 采购入库单: the platform buys from a publisher into one depository. */
export const purchaseOrderResource = defineResource({
  key: 'purchaseorder',
  api: '/blade-psi/purchaseorder',
  title: t('采购入库单', 'Purchase receipts'),
  permission: 'purchaseorder',
  tenant: 'scoped',
  dialogWidth: 1100,
  fields: [
    orderNo(),
    key(text('supplierName', '供货商', 'Supplier', { required: true, maxLength: 100, search: 'like' })),
    text('supplierContact', '供货商联系人', 'Supplier contact', { maxLength: 100, inTable: false }),
    ref('depositoryId', '入库仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
    shown('depositoryName', '入库仓库', 'Depository'),
    term(),
    date('expectedDate', '预计到货', 'Expected on', { inTable: false }),
    ...totalFields().map((f) => (f.name === 'totalAmount' ? key(f) : f)),
    ro(num('receivedQuantity', '实收册数', 'Received')),
    key(
      ro(
        dict('orderStatus', PSI_DICT.purchaseOrderStatus, '状态', 'Status', {
          search: 'equal',
          sortable: true,
        }),
      ),
    ),
    submitTime(),
    ...auditFieldDefs(),
    ro(ref('storageUser', '入库人', 'Stored by', { inTable: false })),
    ro(datetime('storageTime', '入库时间', 'Stored at', { inTable: false })),
    ro(text('storageRemark', '入库备注', 'Storage remark', { inTable: false })),
    textarea('remark', '备注', 'Remark'),
    versionField(),
    createTime(),
  ],
});

export const purchaseDetailResource = defineResource({
  key: 'purchasedetail',
  api: '/blade-psi/purchasedetail',
  title: t('采购明细', 'Purchase lines'),
  permission: 'purchaseorder',
  tenant: 'scoped',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  access: {
    list: { menu: 'purchaseorder' },
    detail: { menu: 'purchaseorder' },
    submit: { button: ['purchaseorder_add', 'purchaseorder_edit'] },
    remove: { button: ['purchaseorder_edit', 'purchaseorder_delete'] },
    export: { menu: 'purchaseorder' },
  },
  fields: [
    ref('purchaseId', '采购单', 'Purchase order', { required: true, search: 'equal', inTable: false }),
    ...lineFields().map((f) =>
      f.name === 'discount' ? discount('discount', '进货折扣', 'Purchase discount') : f,
    ),
    ro(num('receivedQuantity', '实收数量', 'Received')),
  ],
});

/** 征订单: a school's order placed with the platform. */
export const purchaseOrderYyptResource = defineResource({
  key: 'purchaseorderyypt',
  api: '/blade-psi/purchaseorderyypt',
  title: t('征订单', 'Subscription orders'),
  permission: 'purchaseorderyypt',
  tenant: 'scoped',
  dialogWidth: 1100,
  access: {
    list: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
    detail: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
    submit: { button: ['purchaseorderyypt_add', 'purchaseorderyypt_edit', 'order_s_add'] },
    remove: { button: ['purchaseorderyypt_delete'] },
    export: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
  },
  fields: [
    orderNo(),
    ref('schoolId', '学校', 'School', { search: 'equal', inTable: false }),
    key(shown('schoolName', '学校', 'School')),
    ref('depositoryId', '配送仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
    shown('depositoryName', '配送仓库', 'Depository'),
    term(),
    ...receiverFields(),
    ...totalFields().map((f) => (f.name === 'totalAmount' ? key(f) : f)),
    ro(num('deliveredQuantity', '已发册数', 'Delivered')),
    key(ro(dict('orderStatus', PSI_DICT.yyptStatus, '状态', 'Status', { search: 'equal', sortable: true }))),
    ro(dict('payStatus', PSI_DICT.payStatus, '扣款状态', 'Payment', { search: 'equal' })),
    ro(ref('depositoryOrderId', '配送单', 'Distribution order', { inTable: false })),
    submitTime(),
    ...auditFieldDefs(),
    textarea('remark', '备注', 'Remark'),
    versionField(),
    createTime(),
  ],
});

export const purchaseDetailYyptResource = defineResource({
  key: 'purchasedetailyypt',
  api: '/blade-psi/purchasedetailyypt',
  title: t('征订明细', 'Subscription lines'),
  permission: 'purchaseorderyypt',
  tenant: 'scoped',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  access: {
    list: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
    detail: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
    submit: { button: ['purchaseorderyypt_add', 'purchaseorderyypt_edit', 'order_s_add'] },
    remove: { button: ['purchaseorderyypt_edit', 'purchaseorderyypt_delete', 'order_s_add'] },
    export: { button: ['purchaseorderyypt', 'order_s', 'order_yy'] },
  },
  fields: [
    ref('purchaseId', '征订单', 'Subscription order', { required: true, search: 'equal', inTable: false }),
    ...lineFields(),
    ro(num('deliveredQuantity', '已发数量', 'Delivered')),
  ],
});

/** 配送单: the depository's work order, from a 征订单 or entered directly (补订). */
export const purchaseOrderDepositoryResource = defineResource({
  key: 'purchaseorderdepository',
  api: '/blade-psi/purchaseorderdepository',
  title: t('配送单', 'Distribution orders'),
  permission: 'purchaseorderdepository',
  tenant: 'scoped',
  dialogWidth: 1100,
  access: {
    submit: {
      button: ['purchaseorderdepository_add', 'purchaseorderdepository_edit', 'order_s_supplement'],
    },
  },
  fields: [
    orderNo(),
    ro(dict('sourceType', PSI_DICT.orderSource, '来源', 'Source', { search: 'equal' })),
    ro(ref('sourceId', '来源征订单', 'Source order', { search: 'equal', inTable: false })),
    ro(text('sourceNo', '来源单号', 'Source no.', { search: 'like' })),
    ref('schoolId', '学校', 'School', { search: 'equal', inTable: false }),
    key(shown('schoolName', '学校', 'School')),
    ref('depositoryId', '配送仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
    shown('depositoryName', '配送仓库', 'Depository'),
    term(),
    ...receiverFields(),
    ...totalFields().map((f) => (f.name === 'totalAmount' ? key(f) : f)),
    ro(num('deliveredQuantity', '已发册数', 'Delivered')),
    key(
      ro(
        dict('orderStatus', PSI_DICT.depositoryOrderStatus, '状态', 'Status', {
          search: 'equal',
          sortable: true,
        }),
      ),
    ),
    ro(dict('payStatus', PSI_DICT.payStatus, '扣款状态', 'Payment', { search: 'equal' })),
    submitTime(),
    ...auditFieldDefs(),
    textarea('remark', '备注', 'Remark'),
    versionField(),
    createTime(),
  ],
});

export const purchaseDetailDepositoryResource = defineResource({
  key: 'purchasedetaildepository',
  api: '/blade-psi/purchasedetaildepository',
  title: t('配送明细', 'Distribution lines'),
  permission: 'purchaseorderdepository',
  tenant: 'scoped',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  access: {
    list: { menu: 'purchaseorderdepository' },
    detail: { menu: 'purchaseorderdepository' },
    submit: {
      button: ['purchaseorderdepository_add', 'purchaseorderdepository_edit', 'order_s_supplement'],
    },
    remove: { button: ['purchaseorderdepository_edit', 'purchaseorderdepository_delete'] },
    export: { menu: 'purchaseorderdepository' },
  },
  fields: [
    ref('purchaseId', '配送单', 'Distribution order', { required: true, search: 'equal', inTable: false }),
    ro(ref('sourceDetailId', '征订明细', 'Subscription line', { inTable: false })),
    ...lineFields(),
    ro(num('deliveredQuantity', '已发数量', 'Delivered')),
  ],
});

/** 发货单: one shipment against a 配送单. */
export const deliveryOrderResource = defineResource({
  key: 'deliveryorder',
  api: '/blade-psi/deliveryorder',
  title: t('发货单', 'Delivery orders'),
  permission: 'deliveryorder',
  tenant: 'scoped',
  dialogWidth: 1100,
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
    ...totalFields().map((f) => (f.name === 'totalAmount' ? key(f) : f)),
    key(
      ro(dict('orderStatus', PSI_DICT.deliveryStatus, '状态', 'Status', { search: 'equal', sortable: true })),
    ),
    submitTime(),
    ro(ref('deliveryUser', '出库人', 'Shipped by', { inTable: false })),
    ro(datetime('deliveryTime', '出库时间', 'Shipped at')),
    ro(text('deliveryRemark', '出库备注', 'Shipping remark', { inTable: false })),
    textarea('remark', '备注', 'Remark'),
    versionField(),
    createTime(),
  ],
});

export const deliveryDetailResource = defineResource({
  key: 'deliverydetail',
  api: '/blade-psi/deliverydetail',
  title: t('发货明细', 'Delivery lines'),
  permission: 'deliveryorder',
  tenant: 'scoped',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  access: {
    list: { menu: 'deliveryorder' },
    detail: { menu: 'deliveryorder' },
    submit: { button: ['deliveryorder_add', 'deliveryorder_edit'] },
    remove: { button: ['deliveryorder_edit', 'deliveryorder_delete'] },
    export: { menu: 'deliveryorder' },
  },
  fields: [
    ref('deliveryId', '发货单', 'Delivery order', { required: true, search: 'equal', inTable: false }),
    ref('sourceDetailId', '配送明细', 'Distribution line', { required: true, inTable: false }),
    ...lineFields().map((f) => (f.name === 'goodsId' ? ro(f) : f)),
  ],
});
