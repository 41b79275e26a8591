/** A depository counts its stock (盘点): completed, the differences post to the ledger; open, they wait. */
import { saveCheckList } from '../../modules/psi/public';
import type { StoryEvent } from './fixture';
import type { Story } from './story';

export function countStock(s: Story, e: Extract<StoryEvent, { stocktake: string }>): void {
  const { env, clock, main: jh } = s;
  clock.at(e.at);
  saveCheckList(env, jh.actor(e.operator), {
    depositoryId: jh.depositories.get(e.stocktake),
    checkDate: clock.day(e.at.slice(0, 10)),
    remark: e.remark,
    complete: e.complete,
    details: e.counted.map((c) => ({
      goodsId: jh.goodsId(c.goods),
      countedQuantity: c.quantity,
      ...(c.remark === undefined ? {} : { remark: c.remark }),
    })),
  });
}
