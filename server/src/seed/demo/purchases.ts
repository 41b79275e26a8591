/** Chapter 3: July's purchase receipts (采购入库), each taken as far as the story goes with it. */
import {
  approvePurchaseorderAudit,
  approveStorage,
  purchaseorderLines,
  removePurchaseorder,
  saveGoods,
  submitPurchaseOrder,
} from '../../modules/psi/public';
import type { DemoStory } from './fixture';
import type { Story, Tenant } from './story';

type Purchase = DemoStory['purchases']['orders'][number];

/** A receipt the story enters at one moment with nothing but a supplier and its lines. */
interface PlainPurchase {
  at: string;
  operator: string;
  supplier: string;
  depository: string;
}

/** Enters a plain receipt for `tenant` at its moment; the lines are given by the caller. */
export function submitPlainPurchase(
  s: Story,
  tenant: Tenant,
  p: PlainPurchase,
  details: { goodsId: string; quantity: number }[],
) {
  s.clock.at(p.at);
  return submitPurchaseOrder(s.env, tenant.actor(p.operator), {
    supplierName: p.supplier,
    depositoryId: tenant.depositories.get(p.depository),
    term: s.term,
    details,
  });
}

function purchase(s: Story, p: Purchase): void {
  const { env, clock, main: jh } = s;
  const rules = s.story.purchases;
  const ptAdmin = jh.actor('pt_admin');
  const op = jh.actor(rules.operators[p.depository]);
  clock.at(`${p.day} 09:00`);
  const order = submitPurchaseOrder(env, op, {
    supplierName: p.supplier,
    supplierContact: `${p.supplier}${rules.contactSuffix}`,
    depositoryId: jh.depositories.get(p.depository),
    term: s.term,
    expectedDate: clock.day(p.day),
    details: jh.lines(p.lines),
  });
  if (p.end === 'pending') return;
  clock.at(`${p.day} 10:30`);
  const pass = p.end !== 'rejected';
  approvePurchaseorderAudit(env, ptAdmin, {
    id: order.id,
    pass,
    auditRemark: p.auditRemark ?? rules.approveRemark,
  });
  if (p.end !== 'stored') return;
  clock.at(`${p.day} 15:00`);
  const received = p.received;
  const details = received
    ? purchaseorderLines(env, order.id).map((l) => ({
        detailId: l.id,
        receivedQuantity: received[[...jh.goods].find(([, id]) => id === l.goodsId)![0]] ?? l.quantity,
      }))
    : undefined;
  approveStorage(env, op, {
    id: order.id,
    details,
    storageRemark: p.storageRemark ?? rules.storageRemark,
  });
}

export function writePurchases(s: Story): void {
  const { env, clock, main: jh } = s;
  const rules = s.story.purchases;
  for (const p of rules.orders) purchase(s, p);
  // the rejected edition is withdrawn from the catalogue
  clock.at(rules.withdrawn.at);
  saveGoods(
    env,
    jh.actor('pt_admin'),
    { status: 0, remark: rules.withdrawn.remark },
    jh.goodsId(rules.withdrawn.goods),
  );
  // a draft entered by mistake and removed: never shows
  const draft = rules.removedDraft;
  const order = submitPlainPurchase(s, jh, draft, jh.lines(draft.lines));
  removePurchaseorder(env, jh.actor(draft.operator), [order.id]);
}
