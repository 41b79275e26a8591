import { prepareNumbers } from '../../../core/data';
import { t } from '@psi/db/model';
import {
  DOC_PREFIX,
  DepositoryOrderSource,
  LogSource,
  deliveryorderDocument,
  purchaseorderdepositoryDocument,
  transitionRule,
  purchaseorderyyptDocument,
  priceLine,
  progressStatus,
  sumLines,
} from '@psi/db/model/psi/index';
import { deliveryDetail, deliveryOrder, purchaseOrderDepository, purchaseOrderYypt } from '@psi/db/schema';
import { ApiError } from '../../../core/errors';
import { big, canActForDepository, fail, nowText, tx, type PsiActor, type PsiEnv } from '../shared/env';
import { goodsLabel, insertLines, storedTotals, type StoredLine } from '../shared/lines';
import {
  checkVersion,
  exactlyOne,
  requireStatus,
  saveDocHeader,
  type DocHeader,
  updateGuarded,
  documentKind,
} from '../shared/docs';
import {
  purchaseorderdepositoryLines,
  loadPurchaseorderdepository,
  type PurchaseorderdepositoryHeader,
} from '../purchaseorderdepository/service';
import { leftBy, statusIn, stepOf, type SqlPart } from '../shared/rules';
import { postStock } from '../stock/service';

export interface DeliveryorderHeader extends DocHeader {
  depositoryOrderId: string;
  schoolId: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  logisticsCompany: string | null;
  trackingNo: string | null;
  packageCount: number | null;
  remark: string | null;
}

const COLUMNS = `delivery_no AS orderNo, order_status AS status, CAST(depository_order_id AS TEXT) AS depositoryOrderId,
  CAST(school_id AS TEXT) AS schoolId, CAST(depository_id AS TEXT) AS depositoryId, receiver_name AS receiverName,
  receiver_phone AS receiverPhone, receiver_address AS receiverAddress, logistics_company AS logisticsCompany,
  tracking_no AS trackingNo, package_count AS packageCount, remark`;

export interface DeliveryorderLine extends StoredLine {
  sourceDetailId: string;
}

const deliveryorder = documentKind<DeliveryorderHeader, DeliveryorderLine>(
  {
    doc: deliveryorderDocument,
    table: deliveryOrder,
    columns: COLUMNS,
    lineTable: deliveryDetail,
    parentColumn: 'delivery_id',
    lineColumns: 'CAST(l.source_detail_id AS TEXT) AS sourceDetailId',
  },
  (actor, row) => canActForDepository(actor, row.depositoryId),
);
const requireEditable = deliveryorder.requireChangeable;

/** The submit and the shipment of a 发货单, as declared. */
const submit = stepOf(deliveryorderDocument, 'submit');
const shipment = stepOf(deliveryorderDocument, 'deliver');
/** What a shipment counts against: a 配送单 (and its 征订单) in a status its delivery leaves. */
const orderDeliver = transitionRule(purchaseorderdepositoryDocument, 'deliver');
const shippable = (order: { status: number }) => orderDeliver.from.includes(order.status);

const loadDeliveryorder = deliveryorder.load;
export const deliveryorderLines = deliveryorder.lines;

export interface DeliveryorderInput {
  id?: string | null;
  version?: number | null;
  depositoryOrderId?: string | null;
  receiverName?: string | null;
  receiverPhone?: string | null;
  receiverAddress?: string | null;
  logisticsCompany?: string | null;
  trackingNo?: string | null;
  packageCount?: number | null;
  remark?: string | null;
  details?: { sourceDetailId: string; quantity: number; remark?: string | null }[];
}

const orderRequired = t('请选择配送单', 'Please select the distribution order');

/** Quantity of a 配送单 line reserved by other live, not yet shipped delivery lines. */
function pendingElsewhere(env: PsiEnv, sourceDetailId: string, exceptDeliveryId: string | null): number {
  const unshipped = statusIn(deliveryorderDocument, shipment.from, 'o');
  const row = prepareNumbers<{ q: number }>(
    env.sqlite,
    `SELECT COALESCE(SUM(d.quantity), 0) AS q FROM psi_delivery_detail d
     JOIN psi_delivery_order o ON o.id = d.delivery_id AND o.is_deleted = 0 AND ${unshipped.sql}
     WHERE d.source_detail_id = ? AND d.is_deleted = 0 AND d.delivery_id <> ?`,
  ).get(...unshipped.params, big(sourceDetailId), big(exceptDeliveryId ?? '0'))!;
  return row.q;
}

/**
 * `submitDeliveryOrder`: a 发货单 against a shippable 配送单, created or replaced while editable. Each
 * line ships at most the open quantity: ordered − delivered − what other pending deliveries hold.
 */
export function submitDeliveryOrder(
  env: PsiEnv,
  actor: PsiActor,
  input: DeliveryorderInput,
): { id: string; orderNo: string } {
  return tx(env, () => {
    const existing = input.id ? loadDeliveryorder(env, actor, input.id) : null;
    if (existing) {
      requireEditable(actor, existing);
      checkVersion(existing, input.version);
      if (input.depositoryOrderId && input.depositoryOrderId !== existing.depositoryOrderId)
        throw fail('lineNotInOrder');
    }
    const orderId = existing?.depositoryOrderId ?? input.depositoryOrderId;
    if (!orderId) throw new ApiError(400, 400, orderRequired);
    const order = loadPurchaseorderdepository(env, actor.tenantId, orderId);
    if (!canActForDepository(actor, order.depositoryId)) throw fail('noPermission');
    if (!shippable(order)) throw fail('orderNotShippable');
    const sourceLines = new Map(purchaseorderdepositoryLines(env, order.id).map((l) => [l.id, l]));
    const inputs =
      input.details ??
      (existing ? deliveryorderLines(env, existing.id).map((l) => ({ ...l, remark: l.remark })) : []);
    if (!inputs.length) throw fail('linesRequired');
    const seen = new Set<string>();
    const lines = inputs.map((d, index) => {
      const src = sourceLines.get(d.sourceDetailId);
      if (!src) throw fail('lineNotInOrder');
      const label = goodsLabel(src);
      if (seen.has(d.sourceDetailId)) throw fail('duplicateGoods', { goods: label });
      seen.add(d.sourceDetailId);
      if (!Number.isSafeInteger(d.quantity) || d.quantity < 1)
        throw fail('quantityInvalid', { row: index + 1 });
      const open = src.quantity - src.deliveredQuantity - pendingElsewhere(env, src.id, existing?.id ?? null);
      if (d.quantity > open)
        throw fail('overDelivery', { goods: label, open: Math.max(open, 0), qty: d.quantity });
      return {
        src,
        remark: d.remark ?? null,
        sort: index + 1,
        ...priceLine(src.price, src.discount, d.quantity),
      };
    });
    // unit prices are the order line's (already rounded), so amounts are unit price × quantity
    for (const l of lines) {
      l.unitPrice = l.src.unitPrice;
      l.amount = l.src.unitPrice * l.quantity;
    }
    const totals = sumLines(lines);
    const pick = (v: string | null | undefined, old: string | undefined, fallback: string) =>
      (v ?? '').trim() || old || fallback;
    const values = {
      depositoryOrderId: order.id,
      depositoryOrderNo: order.orderNo,
      schoolId: order.schoolId,
      depositoryId: order.depositoryId,
      receiverName: pick(input.receiverName, existing?.receiverName, order.receiverName),
      receiverPhone: pick(input.receiverPhone, existing?.receiverPhone, order.receiverPhone),
      receiverAddress: pick(input.receiverAddress, existing?.receiverAddress, order.receiverAddress),
      logisticsCompany:
        input.logisticsCompany !== undefined ? input.logisticsCompany : (existing?.logisticsCompany ?? null),
      trackingNo: input.trackingNo !== undefined ? input.trackingNo : (existing?.trackingNo ?? null),
      packageCount: input.packageCount !== undefined ? input.packageCount : (existing?.packageCount ?? null),
      remark: input.remark !== undefined ? input.remark : (existing?.remark ?? null),
      ...totals,
      orderStatus: submit.to,
      submitTime: nowText(env),
    };
    const { id, orderNo } = saveDocHeader(env, actor, deliveryOrder, existing, values, {
      guard: deliveryorder.editable,
      prefix: DOC_PREFIX.deliveryorder,
      numberField: 'deliveryNo',
      oldLines: { table: deliveryDetail, parentColumn: 'delivery_id' },
    });
    const snapshots = lines.map((l) => ({ ...l.src, ...l }));
    insertLines(env, deliveryDetail, actor, { deliveryId: id }, snapshots, (l) => ({
      sourceDetailId: l.src.id,
    }));
    return { id, orderNo };
  });
}

/** Recomputes a progress header from its lines: Σ delivered and its status partial or completed. */
function refreshProgress(
  env: PsiEnv,
  actor: PsiActor,
  table: typeof purchaseOrderDepository | typeof purchaseOrderYypt,
  lineTable: string,
  id: string,
  guard: SqlPart,
): void {
  const sums = prepareNumbers<{ delivered: number; ordered: number }, [bigint]>(
    env.sqlite,
    `SELECT COALESCE(SUM(delivered_quantity), 0) AS delivered, COALESCE(SUM(quantity), 0) AS ordered
     FROM ${lineTable} WHERE purchase_id = ? AND is_deleted = 0`,
  ).get(big(id))!;
  updateGuarded(
    env,
    table,
    actor,
    id,
    { deliveredQuantity: sums.delivered, orderStatus: progressStatus(sums.delivered, sums.ordered) },
    guard,
  );
}

/** An order line counts `quantity` more copies delivered (never more than it ordered). */
function countDelivered(
  env: PsiEnv,
  actor: PsiActor,
  lineTable: string,
  lineId: string,
  quantity: number,
  now: string,
) {
  exactlyOne(
    prepareNumbers(
      env.sqlite,
      `UPDATE ${lineTable} SET delivered_quantity = delivered_quantity + ?, update_user = ?, update_time = ?
       WHERE id = ? AND is_deleted = 0 AND delivered_quantity + ? <= quantity`,
    ).run(quantity, big(actor.userId), now, big(lineId), quantity).changes,
  );
}

export interface DeliverInput {
  id: string;
  deliveryRemark?: string | null;
  version?: number | null;
}

/**
 * `approveDelivery` (pending → shipped): in ascending goods id, stock falls (refused when short) and a log row
 * is appended per line; the 配送单 lines (and the 征订单 lines of a platform order) count the
 * delivery, and both headers move to partly delivered or completed. Any failed line rolls back the whole approval.
 */
export function approveDelivery(env: PsiEnv, actor: PsiActor, input: DeliverInput): void {
  tx(env, () => {
    const delivery = loadDeliveryorder(env, actor, input.id);
    if (!canActForDepository(actor, delivery.depositoryId)) throw fail('noPermission');
    requireStatus(delivery, shipment.from);
    checkVersion(delivery, input.version);
    const order: PurchaseorderdepositoryHeader = loadPurchaseorderdepository(
      env,
      actor.tenantId,
      delivery.depositoryOrderId,
    );
    if (!shippable(order)) throw fail('orderNotShippable');
    const lines = deliveryorderLines(env, delivery.id);
    if (!lines.length) throw fail('linesRequired');
    const sourceLines = new Map(purchaseorderdepositoryLines(env, order.id).map((l) => [l.id, l]));
    // claim the delivery first: a racing second approval stops here
    updateGuarded(
      env,
      deliveryOrder,
      actor,
      delivery.id,
      {
        ...storedTotals(lines),
        orderStatus: shipment.to,
        deliveryUser: actor.userId,
        deliveryTime: nowText(env),
        deliveryRemark: input.deliveryRemark?.trim() || null,
      },
      shipment.guard,
    );
    const sorted = [...lines].sort((a, b) => (BigInt(a.goodsId) < BigInt(b.goodsId) ? -1 : 1));
    const now = nowText(env);
    for (const line of sorted) {
      const src = sourceLines.get(line.sourceDetailId);
      const label = goodsLabel(line);
      if (!src) throw fail('lineNotInOrder');
      if (line.quantity > src.quantity - src.deliveredQuantity)
        throw fail('overDelivery', {
          goods: label,
          open: src.quantity - src.deliveredQuantity,
          qty: line.quantity,
        });
      postStock(env, actor, {
        depositoryId: delivery.depositoryId,
        goodsId: line.goodsId,
        change: -line.quantity,
        unitPrice: line.unitPrice,
        source: { type: LogSource.delivery, id: delivery.id, no: delivery.orderNo, detailId: line.id },
        isbn: line.isbn,
        goodsName: line.goodsName,
        label,
      });
      countDelivered(env, actor, 'psi_purchase_detail_depository', src.id, line.quantity, now);
      if (order.sourceType === DepositoryOrderSource.platform && src.sourceDetailId)
        countDelivered(env, actor, 'psi_purchase_detail_yypt', src.sourceDetailId, line.quantity, now);
    }
    refreshProgress(
      env,
      actor,
      purchaseOrderDepository,
      'psi_purchase_detail_depository',
      order.id,
      leftBy(purchaseorderdepositoryDocument, 'deliver'),
    );
    if (order.sourceType === DepositoryOrderSource.platform && order.sourceId)
      refreshProgress(
        env,
        actor,
        purchaseOrderYypt,
        'psi_purchase_detail_yypt',
        order.sourceId,
        leftBy(purchaseorderyyptDocument, 'deliver'),
      );
  });
}

/** Soft-deletes removable (not yet shipped) deliveries: frees the open quantity they held. */
export function removeDeliveries(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  deliveryorder.remove(env, actor, ids, (delivery) => requireEditable(actor, delivery, 'removable'));
}
