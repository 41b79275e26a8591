import { prepareNumbers } from '../../../core/data';
import {
  DOC_PREFIX,
  DepositoryOrderSource,
  PayStatus,
  StatementSource,
  TradeType,
  purchaseorderdepositoryDocument,
  purchaseorderyyptDocument,
} from '@psi/db/model/psi/index';
import {
  purchaseDetailDepository,
  purchaseDetailYypt,
  purchaseOrderDepository,
  purchaseOrderYypt,
} from '@psi/db/schema';
import {
  big,
  canActForSchool,
  fail,
  nowText,
  requireTenantAdmin,
  tx,
  type PsiActor,
  type PsiEnv,
} from '../shared/env';
import { insertRow, nextDocNo } from '../shared/rows';
import { insertLines, storedTotals, type StoredLine } from '../shared/lines';
import {
  checkVersion,
  requireEnabledDepository,
  requireStatus,
  type AuditInput,
  type DocHeader,
  updateGuarded,
  documentKind,
} from '../shared/docs';
import { submitSchoolOrder, type SchoolOrderInput } from '../shared/school-order';
import { stepOf } from '../shared/rules';
import { moveMoney, requireBalance } from '../account/service';

export interface PurchaseorderyyptHeader extends DocHeader {
  payStatus: number;
  schoolId: string;
  depositoryOrderId: string | null;
  term: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  remark: string | null;
  totalQuantity: number;
  totalListAmount: number;
  totalAmount: number;
}

const COLUMNS = `order_no AS orderNo, order_status AS status, pay_status AS payStatus,
  CAST(school_id AS TEXT) AS schoolId, CAST(depository_id AS TEXT) AS depositoryId,
  CAST(depository_order_id AS TEXT) AS depositoryOrderId, term, receiver_name AS receiverName,
  receiver_phone AS receiverPhone, receiver_address AS receiverAddress, remark,
  total_quantity AS totalQuantity, total_list_amount AS totalListAmount, total_amount AS totalAmount`;

export interface PurchaseorderyyptLine extends StoredLine {
  deliveredQuantity: number;
}

const purchaseorderyypt = documentKind<PurchaseorderyyptHeader, PurchaseorderyyptLine>(
  {
    doc: purchaseorderyyptDocument,
    table: purchaseOrderYypt,
    columns: COLUMNS,
    lineTable: purchaseDetailYypt,
    parentColumn: 'purchase_id',
    lineColumns: 'l.delivered_quantity AS deliveredQuantity',
  },
  (actor, order) => canActForSchool(actor, order.schoolId),
);
const requireEditable = purchaseorderyypt.requireChangeable;

/** The submit and the platform audit (pass or reject), as declared. */
const submit = stepOf(purchaseorderyyptDocument, 'submit');
const auditPass = stepOf(purchaseorderyyptDocument, 'auditPass');
const auditReject = stepOf(purchaseorderyyptDocument, 'auditReject');
/** The 配送单 a passed audit creates starts where a submitted one does. */
const depositorySubmit = stepOf(purchaseorderdepositoryDocument, 'submit');

export const loadPurchaseorderyypt = purchaseorderyypt.load;
export const purchaseorderyyptLines = purchaseorderyypt.lines;

/** `submitPurchaseOrderYypt`: a school's 征订单, created or replaced while editable (→ pending). */
export function submitPurchaseOrderYypt(
  env: PsiEnv,
  actor: PsiActor,
  input: SchoolOrderInput,
): { id: string; orderNo: string } {
  return submitSchoolOrder(env, actor, input, purchaseorderyypt, {
    requireEditable: (order) => requireEditable(actor, order),
    allowDepositoryUser: false,
    prefix: DOC_PREFIX.purchaseorderyypt,
    values: { orderStatus: submit.to, depositoryOrderId: null },
  });
}

/**
 * `purchaseorderyypt/approveAudit` (platform). Pass (pending → approved): the school is debited the
 * order total (refused with both amounts when the balance is short), and the depository's 配送单 is
 * created with the same lines. Reject (pending → rejected): audit fields only.
 */
export function approvePurchaseorderyyptAudit(
  env: PsiEnv,
  actor: PsiActor,
  input: AuditInput,
): { depositoryOrderId?: string } {
  requireTenantAdmin(actor);
  const remark = input.auditRemark?.trim() || null;
  if (!input.pass && !remark) throw fail('remarkRequired');
  return tx(env, () => {
    const order = loadPurchaseorderyypt(env, actor, input.id);
    requireStatus(order, (input.pass ? auditPass : auditReject).from);
    checkVersion(order, input.version);
    const audit = { auditUser: actor.userId, auditTime: nowText(env), auditRemark: remark };
    if (!input.pass) {
      updateGuarded(
        env,
        purchaseOrderYypt,
        actor,
        order.id,
        { ...audit, orderStatus: auditReject.to },
        auditReject.guard,
      );
      return {};
    }
    requireEnabledDepository(env, actor.tenantId, order.depositoryId);
    const lines = purchaseorderyyptLines(env, order.id);
    if (!lines.length) throw fail('linesRequired');
    const totals = storedTotals(lines);
    requireBalance(env, actor.tenantId, order.schoolId, totals.totalAmount);
    // the status moves first: a second, racing approval fails here before touching money
    updateGuarded(
      env,
      purchaseOrderYypt,
      actor,
      order.id,
      { ...audit, ...totals, orderStatus: auditPass.to, payStatus: PayStatus.charged },
      auditPass.guard,
    );
    if (totals.totalAmount > 0)
      moveMoney(env, actor, order.schoolId, {
        tradeType: TradeType.debit,
        amount: -totals.totalAmount,
        sourceType: StatementSource.purchaseorderyypt,
        sourceId: order.id,
        sourceNo: order.orderNo,
      });
    const orderNo = nextDocNo(env, actor.tenantId, DOC_PREFIX.purchaseorderdepository);
    const podId = insertRow(env, purchaseOrderDepository, actor, {
      orderNo,
      sourceType: DepositoryOrderSource.platform,
      sourceId: order.id,
      sourceNo: order.orderNo,
      schoolId: order.schoolId,
      depositoryId: order.depositoryId,
      term: order.term,
      receiverName: order.receiverName,
      receiverPhone: order.receiverPhone,
      receiverAddress: order.receiverAddress,
      ...totals,
      deliveredQuantity: 0,
      orderStatus: depositorySubmit.to,
      payStatus: PayStatus.charged,
      submitTime: nowText(env),
      remark: order.remark,
    });
    insertLines(env, purchaseDetailDepository, actor, { purchaseId: podId }, lines, (l) => ({
      sourceDetailId: l.id,
      deliveredQuantity: 0,
    }));
    prepareNumbers(env.sqlite, `UPDATE psi_purchase_order_yypt SET depository_order_id = ? WHERE id = ?`).run(
      big(podId),
      big(order.id),
    );
    return { depositoryOrderId: podId };
  });
}

/** Soft-deletes removable 征订单 with their lines; the whole batch or nothing. */
export function removePurchaseorderyypt(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  purchaseorderyypt.remove(env, actor, ids, (order) => requireEditable(actor, order, 'removable'));
}
