/**
 * The PSI tables (DOMAIN.md section 2). Money is integer cents, discounts integer basis points
 * (10000 = 1.0000), quantities integers. Workflow state lives in `order_status`/`check_status`; the
 * BladeX `status` column is the row flag (1 enabled). Uniqueness among live rows uses partial unique
 * indexes `WHERE is_deleted = 0`; the ledgers carry CHECK constraints as the last line of defence.
 */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { datetime, int, snowflake } from './columns';

import { base, live, version } from './psi-columns';

/** Per tenant, prefix and day: the last document number drawn (jshERP's jsh_sequence). */
export const psiSequence = sqliteTable(
  'psi_sequence',
  {
    tenantId: text('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    day: text('day').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.prefix, t.day] })],
);

export const goodsInfo = sqliteTable(
  'psi_goods_info',
  {
    ...base(),
    goodsCode: text('goods_code'),
    isbn: text('isbn').notNull(),
    goodsName: text('goods_name').notNull(),
    author: text('author'),
    publisher: text('publisher').notNull(),
    edition: text('edition').notNull(),
    printEdition: text('print_edition'),
    schoolStage: int('school_stage').notNull(),
    grade: text('grade').notNull(),
    subject: text('subject').notNull(),
    volume: text('volume').notNull(),
    termNo: int('term_no').notNull(),
    goodsType: int('goods_type').notNull().default(1),
    price: int('price').notNull(),
    saleDiscount: int('sale_discount').notNull().default(10000),
    purchaseDiscount: int('purchase_discount'),
    unit: text('unit').notNull().default('册'),
    packQuantity: int('pack_quantity'),
    coverUrl: text('cover_url'),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_goods_isbn').on(t.tenantId, t.isbn).where(live),
    index('idx_goods_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_goods_stage').on(t.tenantId, t.schoolStage, t.createTime, t.id).where(live),
    index('idx_goods_subject').on(t.tenantId, t.subject, t.createTime, t.id).where(live),
    index('idx_goods_code').on(t.tenantId, t.goodsCode).where(live),
    check('ck_goods_price', sql`${t.price} > 0`),
    check('ck_goods_sale_discount', sql`${t.saleDiscount} > 0 AND ${t.saleDiscount} <= 10000`),
    check(
      'ck_goods_purchase_discount',
      sql`${t.purchaseDiscount} IS NULL OR (${t.purchaseDiscount} > 0 AND ${t.purchaseDiscount} <= 10000)`,
    ),
    check('ck_goods_isbn', sql`length(${t.isbn}) = 13`),
  ],
);

export const depositoryInfo = sqliteTable(
  'psi_depository_info',
  {
    ...base(),
    depositoryCode: text('depository_code').notNull(),
    depositoryName: text('depository_name').notNull(),
    depositoryType: int('depository_type').notNull(),
    regionCode: text('region_code').notNull(),
    regionName: text('region_name'),
    /** comma list of county codes it serves */
    serviceRegionCodes: text('service_region_codes').notNull(),
    address: text('address'),
    managerName: text('manager_name'),
    managerPhone: text('manager_phone'),
    /** the operator account (blade_user.id): data scope of depository users */
    userId: snowflake('user_id'),
    sort: int('sort'),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_depository_code').on(t.tenantId, t.depositoryCode).where(live),
    index('idx_depository_user').on(t.tenantId, t.userId).where(live),
    index('idx_depository_list').on(t.tenantId, t.createTime, t.id).where(live),
  ],
);

/** Current quantity per (depository, goods): a cache of the log, written only by the three postings. */
export const depositoryStock = sqliteTable(
  'psi_depository_stock',
  {
    ...base(),
    depositoryId: snowflake('depository_id').notNull(),
    goodsId: snowflake('goods_id').notNull(),
    quantity: int('quantity').notNull().default(0),
    lastLogId: snowflake('last_log_id'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_stock').on(t.tenantId, t.depositoryId, t.goodsId),
    index('idx_stock_goods').on(t.tenantId, t.goodsId),
    check('ck_stock_quantity', sql`${t.quantity} >= 0`),
  ],
);

export const depositoryLog = sqliteTable(
  'psi_depository_log',
  {
    ...base(),
    depositoryId: snowflake('depository_id').notNull(),
    goodsId: snowflake('goods_id').notNull(),
    isbn: text('isbn'),
    goodsName: text('goods_name'),
    direction: int('direction').notNull(),
    changeQuantity: int('change_quantity').notNull(),
    balanceBefore: int('balance_before').notNull(),
    balanceAfter: int('balance_after').notNull(),
    sourceType: int('source_type').notNull(),
    sourceId: snowflake('source_id').notNull(),
    sourceNo: text('source_no').notNull(),
    sourceDetailId: snowflake('source_detail_id').notNull(),
    unitPrice: int('unit_price'),
    operateTime: datetime('operate_time').notNull(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('uk_log_source_line').on(t.tenantId, t.sourceType, t.sourceDetailId),
    index('idx_log_ledger').on(t.tenantId, t.depositoryId, t.goodsId, t.id),
    index('idx_log_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_log_depository').on(t.tenantId, t.depositoryId, t.createTime, t.id).where(live),
    // the home's latest day of movements and that day's totals: a seek, not a walk of the ledger
    index('idx_log_time').on(t.tenantId, t.operateTime).where(live),
    check('ck_log_change', sql`${t.changeQuantity} <> 0`),
    check('ck_log_before', sql`${t.balanceBefore} >= 0`),
    check(
      'ck_log_after',
      sql`${t.balanceAfter} >= 0 AND ${t.balanceAfter} = ${t.balanceBefore} + ${t.changeQuantity}`,
    ),
    check(
      'ck_log_direction',
      sql`(${t.direction} = 1 AND ${t.changeQuantity} > 0) OR (${t.direction} = 2 AND ${t.changeQuantity} < 0)`,
    ),
  ],
);

export const depositoryCheck = sqliteTable(
  'psi_depository_check',
  {
    ...base(),
    checkNo: text('check_no').notNull(),
    depositoryId: snowflake('depository_id').notNull(),
    checkStatus: int('check_status').notNull().default(1),
    checkDate: text('check_date').notNull(),
    lineCount: int('line_count').notNull().default(0),
    totalBookQuantity: int('total_book_quantity').notNull().default(0),
    totalCountedQuantity: int('total_counted_quantity').notNull().default(0),
    totalGainQuantity: int('total_gain_quantity').notNull().default(0),
    totalLossQuantity: int('total_loss_quantity').notNull().default(0),
    differenceAmount: int('difference_amount').notNull().default(0),
    completeUser: snowflake('complete_user'),
    completeTime: datetime('complete_time'),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_check_no').on(t.tenantId, t.checkNo),
    /** at most one open count per depository */
    uniqueIndex('uk_check_open')
      .on(t.tenantId, t.depositoryId)
      .where(sql`check_status = 1 AND is_deleted = 0`),
    index('idx_check_list').on(t.tenantId, t.createTime, t.id).where(live),
  ],
);

export const depositoryCheckDetail = sqliteTable(
  'psi_depository_check_detail',
  {
    ...base(),
    checkId: snowflake('check_id').notNull(),
    goodsId: snowflake('goods_id').notNull(),
    isbn: text('isbn').notNull(),
    goodsName: text('goods_name').notNull(),
    price: int('price').notNull(),
    bookQuantity: int('book_quantity').notNull(),
    bookQuantityAtSave: int('book_quantity_at_save').notNull(),
    countedQuantity: int('counted_quantity').notNull(),
    differenceQuantity: int('difference_quantity').notNull(),
    differenceAmount: int('difference_amount').notNull(),
    sort: int('sort'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('uk_check_line').on(t.checkId, t.goodsId).where(live),
    check('ck_check_counted', sql`${t.countedQuantity} >= 0`),
    check('ck_check_book', sql`${t.bookQuantity} >= 0`),
  ],
);

export const schoolInfo = sqliteTable(
  'psi_school_info',
  {
    ...base(),
    schoolCode: text('school_code').notNull(),
    schoolName: text('school_name').notNull(),
    schoolType: int('school_type').notNull(),
    regionCode: text('region_code').notNull(),
    regionName: text('region_name'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    /** the school's login (blade_user.id) */
    userId: snowflake('user_id'),
    /** default depository */
    depositoryId: snowflake('depository_id'),
    studentCount: int('student_count'),
    /** prepaid balance in cents; only the statement service writes it */
    accountBalance: int('account_balance').notNull().default(0),
    remark: text('remark'),
    version: version(),
  },
  (t) => [
    uniqueIndex('uk_school_code').on(t.tenantId, t.schoolCode).where(live),
    uniqueIndex('uk_school_user')
      .on(t.tenantId, t.userId)
      .where(sql`is_deleted = 0 AND user_id IS NOT NULL`),
    index('idx_school_list').on(t.tenantId, t.createTime, t.id).where(live),
    index('idx_school_depository').on(t.tenantId, t.depositoryId).where(live),
    check('ck_school_balance', sql`${t.accountBalance} >= 0`),
  ],
);

export const schoolYyptInfo = sqliteTable(
  'psi_school_yypt_info',
  {
    ...base(),
    schoolId: snowflake('school_id').notNull(),
    schoolCode: text('school_code').notNull(),
    schoolName: text('school_name').notNull(),
    schoolType: int('school_type'),
    regionCode: text('region_code'),
    regionName: text('region_name'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    studentCount: int('student_count'),
    defaultDepositoryCode: text('default_depository_code'),
    /** the platform's sale discount for this school, basis points */
    discount: int('discount').notNull().default(10000),
    salesman: text('salesman'),
    salesmanPhone: text('salesman_phone'),
    contractNo: text('contract_no'),
    importBatchNo: text('import_batch_no'),
    importTime: datetime('import_time'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('uk_yypt_school_code').on(t.tenantId, t.schoolCode).where(live),
    index('idx_yypt_school').on(t.tenantId, t.schoolId).where(live),
    index('idx_yypt_list').on(t.tenantId, t.createTime, t.id).where(live),
    check('ck_yypt_discount', sql`${t.discount} > 0 AND ${t.discount} <= 10000`),
  ],
);

export const accountStatement = sqliteTable(
  'psi_account_statement',
  {
    ...base(),
    statementNo: text('statement_no').notNull(),
    schoolId: snowflake('school_id').notNull(),
    tradeType: int('trade_type').notNull(),
    direction: int('direction').notNull(),
    amount: int('amount').notNull(),
    balanceBefore: int('balance_before').notNull(),
    balanceAfter: int('balance_after').notNull(),
    sourceType: int('source_type').notNull().default(0),
    sourceId: snowflake('source_id'),
    sourceNo: text('source_no'),
    payMethod: int('pay_method'),
    voucherNo: text('voucher_no'),
    tradeTime: datetime('trade_time').notNull(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('uk_statement_no').on(t.tenantId, t.statementNo),
    /** an order is charged at most once and refunded at most once */
    uniqueIndex('uk_statement_source')
      .on(t.tenantId, t.tradeType, t.sourceType, t.sourceId)
      .where(sql`source_id IS NOT NULL`),
    /** the same bank slip cannot be credited twice */
    uniqueIndex('uk_statement_voucher')
      .on(t.tenantId, t.schoolId, t.voucherNo)
      .where(sql`trade_type = 1`),
    index('idx_statement_school').on(t.tenantId, t.schoolId, t.id),
    index('idx_statement_list').on(t.tenantId, t.createTime, t.id).where(live),
    check('ck_statement_amount', sql`${t.amount} <> 0`),
    check(
      'ck_statement_balance',
      sql`${t.balanceAfter} >= 0 AND ${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`,
    ),
    check(
      'ck_statement_direction',
      sql`(${t.direction} = 1 AND ${t.amount} > 0) OR (${t.direction} = 2 AND ${t.amount} < 0)`,
    ),
  ],
);
