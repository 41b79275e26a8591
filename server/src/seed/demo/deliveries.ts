/** A depository ships what is left of some lines of an accepted order (发货单), then approves it or not yet. */
import { approveDelivery, purchaseorderdepositoryLines, submitDeliveryOrder } from '../../modules/psi/public';
import type { StoryEvent } from './fixture';
import type { DepositoryOrders } from './orders';
import type { Story } from './story';

export function ship(s: Story, e: Extract<StoryEvent, { delivery: string }>, orders: DepositoryOrders): void {
  const { env, clock, main: jh } = s;
  const shipping = s.story.shipping;
  const podId = orders.get(e.delivery)!;
  clock.at(`${e.day} 14:00`);
  const src = purchaseorderdepositoryLines(env, podId);
  const delivery = submitDeliveryOrder(env, jh.actor(e.operator), {
    depositoryOrderId: podId,
    logisticsCompany: shipping.logisticsCompany,
    trackingNo: `${shipping.trackingPrefix}${clock.digits(e.day)}${e.goods.length}`,
    packageCount: e.goods.length * 2,
    details: e.goods.map((code) => {
      const line = src.find((l) => l.goodsId === jh.goodsId(code))!;
      return { sourceDetailId: line.id, quantity: line.quantity - line.deliveredQuantity };
    }),
  });
  if (!e.approve) return;
  clock.at(`${e.day} 16:00`);
  approveDelivery(env, jh.actor(e.operator), { id: delivery.id, deliveryRemark: shipping.remark });
}
