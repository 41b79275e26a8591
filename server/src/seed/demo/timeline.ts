/** Chapters 4 on: August's events in the order they happen, each played by its chapter's function. */
import { topUp } from './accounts';
import { ship } from './deliveries';
import type { StoryEvent } from './fixture';
import { orderDirect, subscribe, type DepositoryOrders } from './orders';
import { countStock } from './stocktake';
import type { Story } from './story';

function play(s: Story, e: StoryEvent, orders: DepositoryOrders): void {
  if ('subscription' in e) subscribe(s, e, orders);
  else if ('direct' in e) orderDirect(s, e, orders);
  else if ('delivery' in e) ship(s, e, orders);
  else if ('recharge' in e) topUp(s, e);
  else countStock(s, e);
}

/** Plays every chapter of the timeline, reporting each one's end. */
export function playTimeline(s: Story, chapterDone: (name: string) => void): void {
  const orders: DepositoryOrders = new Map();
  for (const chapter of s.story.chapters) {
    for (const e of chapter.events) play(s, e, orders);
    chapterDone(chapter.name);
  }
}
