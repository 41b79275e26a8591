/** Dictionary codes (fixtures/dicts.json) per coded column. */
export const PSI_DICT = {
  purchaseorderStatus: 'purchaseorder_status',
  purchaseorderyyptStatus: 'purchaseorderyypt_status',
  purchaseorderdepositoryStatus: 'purchaseorderdepository_status',
  deliveryorderStatus: 'deliveryorder_status',
  depositorycheckStatus: 'depositorycheck_status',
  payStatus: 'pay_status',
  orderSource: 'order_source_type',
  stockDirection: 'stock_direction',
  logSource: 'depository_log_source',
  tradeType: 'trade_type',
  accountDirection: 'account_direction',
  statementSource: 'statement_source',
  payMethod: 'pay_method',
  schoolStage: 'school_stage',
  termNo: 'term_no',
  goodsType: 'goods_type',
  schoolType: 'school_type',
  depositoryType: 'depository_type',
  enableStatus: 'enable_status',
} as const;

export type PsiDictCode = (typeof PSI_DICT)[keyof typeof PSI_DICT];
