/**
 * The schools' orders: a subscription (征订单) goes to the platform's audit, which makes the depository
 * order (配送单) that the depository accepts or turns down; a direct order (补订单) goes to the depository
 * straight away.
 */
import {
  approveAuditDepository,
  approvePurchaseorderyyptAudit,
  removePurchaseorderyypt,
  submitPurchaseOrderDepository,
  submitPurchaseOrderYypt,
} from '../../modules/psi/public';
import type { StoryEvent } from './fixture';
import type { Story } from './story';

type Acceptance = NonNullable<Extract<StoryEvent, { direct: string }>['accept']>;

/** The depository orders of the story's subscriptions and direct orders, by the story's names for them. */
export type DepositoryOrders = Map<string, string>;

const schoolActor = (s: Story, code: string) => s.main.actor(s.fixture.schoolUsers[code]);

function accept(s: Story, depositoryOrderId: string, a: Acceptance): void {
  s.clock.at(a.at);
  approveAuditDepository(s.env, s.main.actor(a.operator), {
    id: depositoryOrderId,
    pass: a.pass,
    auditRemark: a.remark,
  });
}

export function subscribe(
  s: Story,
  e: Extract<StoryEvent, { subscription: string }>,
  orders: DepositoryOrders,
) {
  const { env, clock, main: jh } = s;
  clock.at(e.at);
  const school = schoolActor(s, e.school);
  const order = submitPurchaseOrderYypt(env, school, {
    depositoryId: jh.depositories.get(e.depository),
    term: s.term,
    details: jh.lines(e.lines),
  });
  if (e.removed) removePurchaseorderyypt(env, school, [order.id]);
  if (!e.audit) return;
  clock.at(e.audit.at);
  const audited = approvePurchaseorderyyptAudit(env, jh.actor('pt_admin'), {
    id: order.id,
    pass: e.audit.pass,
    auditRemark: e.audit.remark,
  });
  if (!audited.depositoryOrderId) return;
  orders.set(e.subscription, audited.depositoryOrderId);
  if (e.accept) accept(s, audited.depositoryOrderId, e.accept);
}

export function orderDirect(s: Story, e: Extract<StoryEvent, { direct: string }>, orders: DepositoryOrders) {
  const { env, clock, main: jh } = s;
  clock.at(e.at);
  const order = submitPurchaseOrderDepository(env, schoolActor(s, e.school), {
    depositoryId: jh.depositories.get(e.depository),
    term: s.term,
    remark: e.remark,
    details: jh.lines(e.lines),
  });
  orders.set(e.direct, order.id);
  if (e.accept) accept(s, order.id, e.accept);
}
