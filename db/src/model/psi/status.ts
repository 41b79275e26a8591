/**
 * Workflow states of the PSI documents (DOMAIN.md 3.1). They live in `order_status`/`check_status`,
 * never in the BladeX `status` row flag. The codes are the keys of the dictionaries of the same name
 * in fixtures/dicts.json.
 */
export const PurchaseStatus = { pending: 1, audited: 2, stored: 3, rejected: 8 } as const;
export const YyptStatus = {
  pending: 1,
  approved: 2,
  partial: 4,
  completed: 3,
  returned: 7,
  rejected: 8,
} as const;
export const DepositoryOrderStatus = {
  pending: 1,
  accepted: 2,
  partial: 4,
  completed: 3,
  rejected: 8,
} as const;
export const DeliveryStatus = { pending: 1, shipped: 3 } as const;
export const CheckStatus = { counting: 1, completed: 3 } as const;
export const PayStatus = { unpaid: 0, charged: 1, refunded: 2 } as const;
export const DepositoryOrderSource = { platform: 1, direct: 2 } as const;
export const StockDirection = { in: 1, out: 2 } as const;
export const LogSource = { purchase: 1, delivery: 2, check: 3 } as const;
export const TradeType = { recharge: 1, debit: 2, refund: 3 } as const;
export const AccountDirection = { income: 1, expense: 2 } as const;
export const StatementSource = { none: 0, yyptOrder: 1, depositoryOrder: 2 } as const;
/** BladeX row flag on master data: 1 enabled / normal, 0 disabled. */
export const RowStatus = { enabled: 1, disabled: 0 } as const;

/** Dictionary codes (fixtures/dicts.json) per coded column. */
export const PSI_DICT = {
  purchaseOrderStatus: 'purchaseorder_status',
  yyptStatus: 'purchaseorderyypt_status',
  depositoryOrderStatus: 'purchaseorderdepository_status',
  deliveryStatus: 'deliveryorder_status',
  checkStatus: 'depositorycheck_status',
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

/** Statuses in which a document may be re-submitted (its lines replaced) or removed. */
export const EDITABLE = {
  purchaseOrder: [PurchaseStatus.pending, PurchaseStatus.rejected] as number[],
  yyptOrder: [YyptStatus.pending, YyptStatus.rejected] as number[],
  /** only for direct (source_type 2) orders; platform orders are never editable */
  depositoryOrder: [DepositoryOrderStatus.pending, DepositoryOrderStatus.rejected] as number[],
  deliveryOrder: [DeliveryStatus.pending] as number[],
  check: [CheckStatus.counting] as number[],
};

export type DocumentKind = 'purchaseOrder' | 'yyptOrder' | 'depositoryOrder' | 'deliveryOrder' | 'check';

/**
 * Every transition of DOMAIN.md section 3 as `action: [from…] → to`. The services take their
 * expected source states from here, and the tests walk the same table.
 */
export const TRANSITIONS = {
  purchaseOrder: {
    submit: { from: [PurchaseStatus.pending, PurchaseStatus.rejected], to: PurchaseStatus.pending },
    auditPass: { from: [PurchaseStatus.pending], to: PurchaseStatus.audited },
    auditReject: { from: [PurchaseStatus.pending], to: PurchaseStatus.rejected },
    storage: { from: [PurchaseStatus.audited], to: PurchaseStatus.stored },
  },
  yyptOrder: {
    submit: { from: [YyptStatus.pending, YyptStatus.rejected], to: YyptStatus.pending },
    auditPass: { from: [YyptStatus.pending], to: YyptStatus.approved },
    auditReject: { from: [YyptStatus.pending], to: YyptStatus.rejected },
    depositoryReject: { from: [YyptStatus.approved], to: YyptStatus.returned },
    deliver: {
      from: [YyptStatus.approved, YyptStatus.partial],
      to: [YyptStatus.partial, YyptStatus.completed],
    },
  },
  depositoryOrder: {
    submit: {
      from: [DepositoryOrderStatus.pending, DepositoryOrderStatus.rejected],
      to: DepositoryOrderStatus.pending,
    },
    auditPass: { from: [DepositoryOrderStatus.pending], to: DepositoryOrderStatus.accepted },
    auditReject: { from: [DepositoryOrderStatus.pending], to: DepositoryOrderStatus.rejected },
    deliver: {
      from: [DepositoryOrderStatus.accepted, DepositoryOrderStatus.partial],
      to: [DepositoryOrderStatus.partial, DepositoryOrderStatus.completed],
    },
  },
  deliveryOrder: {
    submit: { from: [DeliveryStatus.pending], to: DeliveryStatus.pending },
    deliver: { from: [DeliveryStatus.pending], to: DeliveryStatus.shipped },
  },
  check: {
    save: { from: [CheckStatus.counting], to: CheckStatus.counting },
    complete: { from: [CheckStatus.counting], to: CheckStatus.completed },
  },
} as const;

/** Progress status of a 配送单/征订单 from its delivered and ordered quantities. */
export function progressStatus(delivered: number, ordered: number): 2 | 3 | 4 {
  if (delivered <= 0) return 2;
  return delivered >= ordered ? 3 : 4;
}

export const isEditable = (kind: DocumentKind, status: number, sourceType?: number): boolean =>
  kind === 'depositoryOrder' && sourceType !== DepositoryOrderSource.direct
    ? false
    : EDITABLE[kind].includes(status);
