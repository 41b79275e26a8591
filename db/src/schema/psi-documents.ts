/** The PSI documents (DOMAIN.md section 2): purchase receipts, school and depository orders, deliveries. */
import { check, index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { datetime, int, snowflake } from './columns';
import { base, live, version } from './psi-columns';
import {
  accountStatement,
  depositoryCheck,
  depositoryCheckDetail,
  depositoryInfo,
  depositoryLog,
  depositoryStock,
  goodsInfo,
  schoolInfo,
  schoolYyptInfo,
} from './psi';

/** Columns of an order line: snapshot of the goods plus the priced quantity. */
const lineColumns = () => ({
  goodsId: snowflake('goods_id').notNull(),
  isbn: text('isbn').notNull(),
  goodsName: text('goods_name').notNull(),
  publisher: text('publisher'),
  edition: text('edition'),
  price: int('price').notNull(),
  discount: int('discount').notNull(),
  unitPrice: int('unit_price').notNull(),
  quantity: int('quantity').notNull(),
  listAmount: int('list_amount').notNull(),
  amount: int('amount').notNull(),
  sort: int('sort'),
  remark: text('remark'),
});

const totalColumns = () => ({
  totalQuantity: int('total_quantity').notNull().default(0),
  totalListAmount: int('total_list_amount').notNull().default(0),
  totalAmount: int('total_amount').notNull().default(0),
});

const auditFields = () => ({
  auditUser: snowflake('audit_user'),
  auditTime: datetime('audit_time'),
  auditRemark: text('audit_remark'),
});

const receiverColumns = () => ({
  receiverName: text('receiver_name').notNull(),
  receiverPhone: text('receiver_phone').notNull(),
  receiverAddress: text('receiver_address').notNull(),
});

export const purchaseOrder = sqliteTable(
  'psi_purchase_order',
  {
    ...base(),
    orderNo: text('order_no').notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierContact: text('supplier_contact'),
    depositoryId: snowflake('depository_id').notNull(),
    term: text('term').notNull(),
    expectedDate: text('expected_date'),
    ...totalColumns(),
    receivedQuantity: int('received_quantity').notNull().default(0),
    orderStatus: int('order_status').notNull().default(1),
    submitTime: datetime('submit_time').notNull(),
    ...auditFields(),
    storageUser: snowflake('storage_user'),
    storageTime: datetime('storage_time'),
    storageRemark: text('storage_remark'),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_purchase_no').on(t.tenantId, t.orderNo),
    index('idx_purchase_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_purchase_depository').on(t.tenantId, t.depositoryId, t.createTime).where(live),
    // the home's counts by status, from the index alone
    index('idx_purchase_status').on(t.tenantId, t.orderStatus).where(live),
  ],
);

export const purchaseDetail = sqliteTable(
  'psi_purchase_detail',
  {
    ...base(),
    purchaseId: snowflake('purchase_id').notNull(),
    ...lineColumns(),
    receivedQuantity: int('received_quantity').notNull().default(0),
  },
  (t) => [
    index('idx_purchase_detail').on(t.purchaseId, t.isDeleted, t.sort),
    uniqueIndex('uk_purchase_line').on(t.purchaseId, t.goodsId).where(live),
    check('ck_purchase_qty', sql`${t.quantity} >= 1`),
    check('ck_purchase_received', sql`${t.receivedQuantity} >= 0 AND ${t.receivedQuantity} <= ${t.quantity}`),
  ],
);

export const purchaseOrderYypt = sqliteTable(
  'psi_purchase_order_yypt',
  {
    ...base(),
    orderNo: text('order_no').notNull(),
    schoolId: snowflake('school_id').notNull(),
    depositoryId: snowflake('depository_id').notNull(),
    term: text('term').notNull(),
    ...receiverColumns(),
    ...totalColumns(),
    deliveredQuantity: int('delivered_quantity').notNull().default(0),
    orderStatus: int('order_status').notNull().default(1),
    payStatus: int('pay_status').notNull().default(0),
    depositoryOrderId: snowflake('depository_order_id'),
    submitTime: datetime('submit_time').notNull(),
    ...auditFields(),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_yypt_no').on(t.tenantId, t.orderNo),
    index('idx_yypt_order_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_yypt_order_school').on(t.tenantId, t.schoolId, t.createTime).where(live),
  ],
);

export const purchaseDetailYypt = sqliteTable(
  'psi_purchase_detail_yypt',
  {
    ...base(),
    purchaseId: snowflake('purchase_id').notNull(),
    ...lineColumns(),
    deliveredQuantity: int('delivered_quantity').notNull().default(0),
  },
  (t) => [
    index('idx_yypt_detail').on(t.purchaseId, t.isDeleted, t.sort),
    uniqueIndex('uk_yypt_line').on(t.purchaseId, t.goodsId).where(live),
    check('ck_yypt_qty', sql`${t.quantity} >= 1`),
    check('ck_yypt_delivered', sql`${t.deliveredQuantity} >= 0 AND ${t.deliveredQuantity} <= ${t.quantity}`),
  ],
);

export const purchaseOrderDepository = sqliteTable(
  'psi_purchase_order_depository',
  {
    ...base(),
    orderNo: text('order_no').notNull(),
    /** 1 created from a 征订单, 2 direct supplementary order */
    sourceType: int('source_type').notNull(),
    sourceId: snowflake('source_id'),
    sourceNo: text('source_no'),
    schoolId: snowflake('school_id').notNull(),
    depositoryId: snowflake('depository_id').notNull(),
    term: text('term').notNull(),
    ...receiverColumns(),
    ...totalColumns(),
    deliveredQuantity: int('delivered_quantity').notNull().default(0),
    orderStatus: int('order_status').notNull().default(1),
    payStatus: int('pay_status').notNull().default(0),
    submitTime: datetime('submit_time').notNull(),
    ...auditFields(),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_pod_no').on(t.tenantId, t.orderNo),
    /** an approved 征订单 has exactly one live 配送单 */
    uniqueIndex('uk_pod_source')
      .on(t.tenantId, t.sourceId)
      .where(sql`source_type = 1 AND is_deleted = 0`),
    index('idx_pod_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_pod_depository').on(t.tenantId, t.depositoryId, t.createTime).where(live),
    index('idx_pod_school').on(t.tenantId, t.schoolId, t.createTime).where(live),
  ],
);

export const purchaseDetailDepository = sqliteTable(
  'psi_purchase_detail_depository',
  {
    ...base(),
    purchaseId: snowflake('purchase_id').notNull(),
    /** the 征订单 line when the order came from one */
    sourceDetailId: snowflake('source_detail_id'),
    ...lineColumns(),
    deliveredQuantity: int('delivered_quantity').notNull().default(0),
  },
  (t) => [
    index('idx_pod_detail').on(t.purchaseId, t.isDeleted, t.sort),
    uniqueIndex('uk_pod_line').on(t.purchaseId, t.goodsId).where(live),
    check('ck_pod_qty', sql`${t.quantity} >= 1`),
    check('ck_pod_delivered', sql`${t.deliveredQuantity} >= 0 AND ${t.deliveredQuantity} <= ${t.quantity}`),
  ],
);

export const deliveryOrder = sqliteTable(
  'psi_delivery_order',
  {
    ...base(),
    deliveryNo: text('delivery_no').notNull(),
    depositoryOrderId: snowflake('depository_order_id').notNull(),
    depositoryOrderNo: text('depository_order_no').notNull(),
    schoolId: snowflake('school_id').notNull(),
    depositoryId: snowflake('depository_id').notNull(),
    ...receiverColumns(),
    logisticsCompany: text('logistics_company'),
    trackingNo: text('tracking_no'),
    packageCount: int('package_count'),
    ...totalColumns(),
    orderStatus: int('order_status').notNull().default(1),
    submitTime: datetime('submit_time').notNull(),
    deliveryUser: snowflake('delivery_user'),
    deliveryTime: datetime('delivery_time'),
    deliveryRemark: text('delivery_remark'),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_delivery_no').on(t.tenantId, t.deliveryNo),
    index('idx_delivery_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_delivery_order').on(t.tenantId, t.depositoryOrderId).where(live),
    index('idx_delivery_depository').on(t.tenantId, t.depositoryId, t.createTime).where(live),
  ],
);

export const deliveryDetail = sqliteTable(
  'psi_delivery_detail',
  {
    ...base(),
    deliveryId: snowflake('delivery_id').notNull(),
    /** the 配送单 line being shipped */
    sourceDetailId: snowflake('source_detail_id').notNull(),
    ...lineColumns(),
  },
  (t) => [
    index('idx_delivery_detail').on(t.deliveryId, t.isDeleted, t.sort),
    index('idx_delivery_source_line').on(t.sourceDetailId, t.isDeleted),
    uniqueIndex('uk_delivery_line').on(t.deliveryId, t.sourceDetailId).where(live),
    check('ck_delivery_qty', sql`${t.quantity} >= 1`),
  ],
);

/** Every PSI table: each is tenant-scoped by the data layer (the `blade.tenant.tables` of DOMAIN.md). */
export const psiTenantTables = [
  goodsInfo,
  depositoryInfo,
  depositoryStock,
  depositoryLog,
  depositoryCheck,
  depositoryCheckDetail,
  schoolInfo,
  schoolYyptInfo,
  accountStatement,
  purchaseOrder,
  purchaseDetail,
  purchaseOrderYypt,
  purchaseDetailYypt,
  purchaseOrderDepository,
  purchaseDetailDepository,
  deliveryOrder,
  deliveryDetail,
];
