import {
  DOC_PREFIX,
  DepositoryOrderSource,
  PayStatus,
  StatementSource,
  TradeType,
  purchaseorderdepositoryDocument,
  purchaseorderyyptDocument,
} from '@psi/db/model/psi/index';
import { purchaseDetailDepository, purchaseOrderDepository, purchaseOrderYypt } from '@psi/db/schema';
import { canActForDepository, fail, nowText, tx, type PsiActor, type PsiEnv } from '../shared/env';
import { storedTotals, type StoredLine } from '../shared/lines';
import {
  checkVersion,
  requireStatus,
  type AuditInput,
  type DocHeader,
  updateGuarded,
  documentKind,
  type ChangeFlag,
} from '../shared/docs';
import { submitSchoolOrder, type SchoolOrderInput } from '../shared/school-order';
import { moveMoney, requireBalance } from '../account/service';
import { allOf, stepOf } from '../shared/rules';
import { loadPurchaseorderyypt } from '../purchaseorderyypt/service';

export interface PurchaseorderdepositoryHeader extends DocHeader {
  payStatus: number;
  sourceType: number;
  sourceId: string | null;
  schoolId: string;
  term: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  remark: string | null;
  totalAmount: number;
}

const COLUMNS = `order_no AS orderNo, order_status AS status, pay_status AS payStatus, source_type AS sourceType,
  CAST(source_id AS TEXT) AS sourceId, CAST(school_id AS TEXT) AS schoolId, CAST(depository_id AS TEXT) AS depositoryId,
  term, receiver_name AS receiverName, receiver_phone AS receiverPhone, receiver_address AS receiverAddress, remark,
  total_amount AS totalAmount`;

/**
 * Refuses a 配送单 the caller may not edit or remove: one made from a 征订单, another's, or one in a
 * status not flagged `flag` (`removable` to remove).
 */
function requireEditable(
  actor: PsiActor,
  order: PurchaseorderdepositoryHeader,
  flag: ChangeFlag = 'editable',
): void {
  if (order.sourceType !== DepositoryOrderSource.direct) throw fail('platformOrderLocked');
  purchaseorderdepository.requireChangeable(actor, order, flag);
}

export interface PurchaseorderdepositoryLine extends StoredLine {
  deliveredQuantity: number;
  sourceDetailId: string | null;
}

const purchaseorderdepository = documentKind<PurchaseorderdepositoryHeader, PurchaseorderdepositoryLine>(
  {
    doc: purchaseorderdepositoryDocument,
    table: purchaseOrderDepository,
    columns: COLUMNS,
    lineTable: purchaseDetailDepository,
    parentColumn: 'purchase_id',
    lineColumns:
      'l.delivered_quantity AS deliveredQuantity, CAST(l.source_detail_id AS TEXT) AS sourceDetailId',
  },
  mayEdit,
);

/** The submit and the depository's audit (pass or reject), and the 征订单 a rejected 配送单 returns. */
const submit = stepOf(purchaseorderdepositoryDocument, 'submit');
const auditPass = stepOf(purchaseorderdepositoryDocument, 'auditPass');
const auditReject = stepOf(purchaseorderdepositoryDocument, 'auditReject');
const sourceReturn = stepOf(purchaseorderyyptDocument, 'depositoryReject');

export const loadPurchaseorderdepository = purchaseorderdepository.load;
export const purchaseorderdepositoryLines = purchaseorderdepository.lines;

/** May the caller change this direct order? (school: own school; depository: own depository) */
function mayEdit(actor: PsiActor, order: PurchaseorderdepositoryHeader): boolean {
  if (actor.kind === 'platform') return true;
  if (actor.kind === 'school') return actor.schoolId === order.schoolId;
  return canActForDepository(actor, order.depositoryId);
}

/**
 * `submitPurchaseOrderDepository`: a direct supplementary order (补订单, source direct), created or
 * replaced while editable (→ pending). Orders created from a 征订单 can never be edited.
 */
export function submitPurchaseOrderDepository(
  env: PsiEnv,
  actor: PsiActor,
  input: SchoolOrderInput,
): { id: string; orderNo: string } {
  return submitSchoolOrder(env, actor, input, purchaseorderdepository, {
    requireEditable: (order) => requireEditable(actor, order),
    allowDepositoryUser: true,
    prefix: DOC_PREFIX.purchaseorderdepository,
    values: {
      orderStatus: submit.to,
      sourceType: DepositoryOrderSource.direct,
      sourceId: null,
      sourceNo: null,
    },
  });
}

/**
 * `approveAuditDepository` by the order's depository (or the platform).
 * - pass: pending → accepted; a direct order is charged now (balance ≥ total).
 * - reject: pending → rejected (remark required); an order from a 征订单 was charged at the platform
 *   audit, so the 征订单 goes approved → returned and the school is refunded once, in the same
 *   transaction.
 */
export function approveAuditDepository(env: PsiEnv, actor: PsiActor, input: AuditInput): void {
  const remark = input.auditRemark?.trim() || null;
  if (!input.pass && !remark) throw fail('remarkRequired');
  tx(env, () => {
    const order = loadPurchaseorderdepository(env, actor, input.id);
    if (!canActForDepository(actor, order.depositoryId)) throw fail('noPermission');
    const step = input.pass ? auditPass : auditReject;
    requireStatus(order, step.from);
    checkVersion(order, input.version);
    const audit = { auditUser: actor.userId, auditTime: nowText(env), auditRemark: remark };
    const guard = step.guard;
    const direct = order.sourceType === DepositoryOrderSource.direct;
    const totals = storedTotals(purchaseorderdepositoryLines(env, order.id));
    if (input.pass) {
      if (direct) requireBalance(env, actor.tenantId, order.schoolId, totals.totalAmount);
      updateGuarded(
        env,
        purchaseOrderDepository,
        actor,
        order.id,
        {
          ...audit,
          ...totals,
          orderStatus: step.to,
          payStatus: direct ? PayStatus.charged : order.payStatus,
        },
        guard,
      );
      if (direct && totals.totalAmount > 0)
        moveMoney(env, actor, order.schoolId, {
          tradeType: TradeType.debit,
          amount: -totals.totalAmount,
          sourceType: StatementSource.purchaseorderdepository,
          sourceId: order.id,
          sourceNo: order.orderNo,
        });
      return;
    }
    if (direct) {
      updateGuarded(env, purchaseOrderDepository, actor, order.id, { ...audit, orderStatus: step.to }, guard);
      return;
    }
    const source = loadPurchaseorderyypt(env, actor.tenantId, order.sourceId!);
    requireStatus(source, sourceReturn.from);
    updateGuarded(
      env,
      purchaseOrderDepository,
      actor,
      order.id,
      { ...audit, orderStatus: step.to, payStatus: PayStatus.refunded },
      guard,
    );
    updateGuarded(
      env,
      purchaseOrderYypt,
      actor,
      source.id,
      { orderStatus: sourceReturn.to, payStatus: PayStatus.refunded },
      allOf(sourceReturn.guard, { sql: 'pay_status = ?', params: [PayStatus.charged] }),
    );
    if (source.totalAmount > 0)
      moveMoney(env, actor, source.schoolId, {
        tradeType: TradeType.refund,
        amount: source.totalAmount,
        sourceType: StatementSource.purchaseorderyypt,
        sourceId: source.id,
        sourceNo: source.orderNo,
        remark,
      });
  });
}

/** Soft-deletes removable direct orders; the whole batch or nothing. */
export function removePurchaseorderdepository(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  purchaseorderdepository.remove(env, actor, ids, (order) => requireEditable(actor, order, 'removable'));
}
