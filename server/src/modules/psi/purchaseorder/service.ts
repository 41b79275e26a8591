import { prepareNumbers } from '../../../core/data';
import { DOC_PREFIX, LogSource, purchaseorderDocument } from '@psi/db/model/psi/index';
import { purchaseDetail, purchaseOrder } from '@psi/db/schema';
import {
  big,
  canActForDepository,
  fail,
  nowText,
  requireTenantAdmin,
  tx,
  type PsiActor,
  type PsiEnv,
} from '../shared/env';
import {
  buildLines,
  goodsLabel,
  insertLines,
  storedTotals,
  totalsOf,
  type LineInput,
  type StoredLine,
} from '../shared/lines';
import {
  checkVersion,
  saveDocHeader,
  requireEnabledDepository,
  requireStatus,
  type AuditInput,
  type DocHeader,
  updateGuarded,
  documentKind,
} from '../shared/docs';
import { stepOf } from '../shared/rules';
import { postStock } from '../stock/service';

export interface PurchaseorderHeader extends DocHeader {
  supplierName: string;
  supplierContact: string | null;
  term: string;
  expectedDate: string | null;
  remark: string | null;
}

const COLUMNS = `order_no AS orderNo, order_status AS status, CAST(depository_id AS TEXT) AS depositoryId,
  supplier_name AS supplierName, supplier_contact AS supplierContact, term, expected_date AS expectedDate, remark`;

export interface PurchaseorderLine extends StoredLine {
  receivedQuantity: number;
}

const purchaseorder = documentKind<PurchaseorderHeader, PurchaseorderLine>(
  {
    doc: purchaseorderDocument,
    table: purchaseOrder,
    columns: COLUMNS,
    lineTable: purchaseDetail,
    parentColumn: 'purchase_id',
    lineColumns: 'l.received_quantity AS receivedQuantity',
  },
  (actor, order) => canActForDepository(actor, order.depositoryId),
);
const requireEditable = purchaseorder.requireChangeable;

/** The submit, the platform audit (pass or reject) and the depository's storage, as declared. */
const submit = stepOf(purchaseorderDocument, 'submit');
const auditPass = stepOf(purchaseorderDocument, 'auditPass');
const auditReject = stepOf(purchaseorderDocument, 'auditReject');
const storage = stepOf(purchaseorderDocument, 'storage');

const loadPurchaseorder = purchaseorder.load;
export const purchaseorderLines = purchaseorder.lines;

export interface PurchaseorderInput {
  id?: string | null;
  version?: number | null;
  supplierName?: string;
  supplierContact?: string | null;
  depositoryId?: string | null;
  term?: string;
  expectedDate?: string | null;
  remark?: string | null;
  details?: LineInput[];
}

/** The depository a caller may book into: a depository user always books into its own. */
function depositoryFor(actor: PsiActor, wanted: string | null | undefined): string | null {
  if (actor.kind === 'platform') return wanted ?? null;
  if (actor.kind === 'depository' && actor.depositoryIds.length)
    return wanted && actor.depositoryIds.includes(wanted) ? wanted : actor.depositoryIds[0];
  throw fail('noPermission');
}

/**
 * `submitPurchaseOrder`: creates a 采购入库单 (→ pending) or replaces an editable one (→ pending):
 * snapshots, line maths at the purchase discount, totals from the lines, audit fields cleared.
 */
export function submitPurchaseOrder(
  env: PsiEnv,
  actor: PsiActor,
  input: PurchaseorderInput,
): { id: string; orderNo: string } {
  return tx(env, () => {
    const existing = input.id ? loadPurchaseorder(env, actor, input.id) : null;
    if (existing) {
      requireEditable(actor, existing);
      checkVersion(existing, input.version);
    }
    const depositoryId = depositoryFor(actor, input.depositoryId ?? existing?.depositoryId);
    if (!depositoryId) throw fail('depositoryUnavailable');
    requireEnabledDepository(env, actor.tenantId, depositoryId);
    const header = {
      supplierName: input.supplierName ?? existing?.supplierName,
      supplierContact:
        input.supplierContact !== undefined ? input.supplierContact : existing?.supplierContact,
      depositoryId,
      term: input.term ?? existing?.term,
      expectedDate: input.expectedDate !== undefined ? input.expectedDate : existing?.expectedDate,
      remark: input.remark !== undefined ? input.remark : existing?.remark,
    };
    const lines =
      input.details === undefined && existing
        ? null
        : buildLines(
            env,
            actor.tenantId,
            input.details ?? [],
            (g, l) => l.discount ?? g.purchaseDiscount ?? 10000,
          );
    const totals = lines ? totalsOf(lines) : storedTotals(purchaseorderLines(env, existing!.id));
    const values = {
      ...header,
      ...totals,
      receivedQuantity: 0,
      orderStatus: submit.to,
      submitTime: nowText(env),
      auditUser: null,
      auditTime: null,
      auditRemark: null,
    };
    const { id, orderNo } = saveDocHeader(env, actor, purchaseOrder, existing, values, {
      guard: purchaseorder.editable,
      prefix: DOC_PREFIX.purchaseorder,
      oldLines: !!lines && { table: purchaseDetail, parentColumn: 'purchase_id' },
    });
    if (lines)
      insertLines(env, purchaseDetail, actor, { purchaseId: id }, lines, () => ({ receivedQuantity: 0 }));
    return { id, orderNo };
  });
}

/** `purchaseorder/approveAudit`: platform audit, pending → audited or rejected (a reject needs a remark). */
export function approvePurchaseorderAudit(env: PsiEnv, actor: PsiActor, input: AuditInput): void {
  requireTenantAdmin(actor);
  const remark = input.auditRemark?.trim() || null;
  if (!input.pass && !remark) throw fail('remarkRequired');
  tx(env, () => {
    const order = loadPurchaseorder(env, actor, input.id);
    const step = input.pass ? auditPass : auditReject;
    requireStatus(order, step.from);
    checkVersion(order, input.version);
    updateGuarded(
      env,
      purchaseOrder,
      actor,
      order.id,
      {
        orderStatus: step.to,
        auditUser: actor.userId,
        auditTime: nowText(env),
        auditRemark: remark,
      },
      step.guard,
    );
  });
}

export interface StorageInput {
  id: string;
  storageRemark?: string | null;
  details?: { detailId: string; receivedQuantity: number }[];
  version?: number | null;
}

/**
 * `approveStorage` (audited → stored): each line receives its quantity (or the body's `receivedQuantity`,
 * 0 … quantity); stock rises and a log row is appended per received line, in ascending goods id.
 */
export function approveStorage(env: PsiEnv, actor: PsiActor, input: StorageInput): void {
  tx(env, () => {
    const order = loadPurchaseorder(env, actor, input.id);
    if (!canActForDepository(actor, order.depositoryId)) throw fail('noPermission');
    requireStatus(order, storage.from);
    checkVersion(order, input.version);
    const lines = purchaseorderLines(env, order.id);
    if (!lines.length) throw fail('linesRequired');
    const byId = new Map(lines.map((l) => [l.id, l]));
    const received = new Map(lines.map((l) => [l.id, l.quantity]));
    for (const d of input.details ?? []) {
      const line = byId.get(d.detailId);
      if (!line) throw fail('lineNotInOrder');
      if (
        !Number.isSafeInteger(d.receivedQuantity) ||
        d.receivedQuantity < 0 ||
        d.receivedQuantity > line.quantity
      )
        throw fail('receivedInvalid', { goods: goodsLabel(line) });
      received.set(line.id, d.receivedQuantity);
    }
    if (![...received.values()].some((q) => q > 0)) throw fail('receivedNone');
    const ordered = [...lines].sort((a, b) => (BigInt(a.goodsId) < BigInt(b.goodsId) ? -1 : 1));
    let total = 0;
    for (const line of ordered) {
      const qty = received.get(line.id)!;
      total += qty;
      prepareNumbers(
        env.sqlite,
        `UPDATE psi_purchase_detail SET received_quantity = ?, update_user = ?, update_time = ? WHERE id = ?`,
      ).run(qty, big(actor.userId), nowText(env), big(line.id));
      if (qty === 0) continue;
      postStock(env, actor, {
        depositoryId: order.depositoryId,
        goodsId: line.goodsId,
        change: qty,
        unitPrice: line.unitPrice,
        source: { type: LogSource.purchase, id: order.id, no: order.orderNo, detailId: line.id },
        isbn: line.isbn,
        goodsName: line.goodsName,
        label: line.goodsCode || line.isbn,
      });
    }
    updateGuarded(
      env,
      purchaseOrder,
      actor,
      order.id,
      {
        orderStatus: storage.to,
        receivedQuantity: total,
        storageUser: actor.userId,
        storageTime: nowText(env),
        storageRemark: input.storageRemark?.trim() || null,
      },
      storage.guard,
    );
  });
}

/** Soft-deletes editable 采购入库单 with their lines; the whole batch or nothing. */
export function removePurchaseorder(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  purchaseorder.remove(env, actor, ids, (order) => requireEditable(actor, order, 'removable'));
}
