/**
 * The demo data set of DOMAIN.md section 5, produced by calling the PSI services in the order of its
 * July–August 2025 timeline (submit, approve, deliver, count), so every ledger invariant holds from
 * the first request. Only the system rows (tenants, roles, departments, users) are written directly.
 * Each chapter of the story is a function in `demo/`; the story's data is `fixtures/psi/demo*.json`.
 *
 * The timeline is dated to a day (`DEMO_TODAY`, by default the day of seeding): every date moves by the
 * same whole number of weeks, so weekdays stay, the story's last day (2025-08-29) falls on that day or
 * within the six days before it, and document and voucher numbers follow their dates. The orders' term
 * is the term of that day. With `DEMO_TODAY=2025-08-29` the data is DOMAIN.md section 5 exactly.
 */
import type { SeedContext } from '@psi/db/seed';
import { writeOpeningRecharges } from './demo/accounts';
import { Clock, demoDating, STORY_LAST_DAY, type DemoDating } from './demo/dating';
import { loadDemoFixture, loadDemoStory } from './demo/fixture';
import { writeNotices } from './demo/inbox';
import { writeIsolationTenant } from './demo/isolation';
import { writeDepositories, writeGoods, writeSchools } from './demo/master-data';
import { writePurchases } from './demo/purchases';
import type { Story } from './demo/story';
import { writeTenants } from './demo/tenants';
import { playTimeline } from './demo/timeline';

export { demoDating, type DemoDating } from './demo/dating';
export {
  loadDemoFixture,
  loadImportFixture,
  sheetRowOf,
  type DemoFixture,
  type ImportFixture,
} from './demo/fixture';

/** The demo layer dated to `today` (`yyyy-MM-dd`; `DEMO_TODAY` or the day of seeding when not given). */
export function datedDemoLayer(today?: string): (ctx: SeedContext) => void {
  return (ctx) => seedDemo(ctx, demoDating(today));
}

/** The demo layer dated to `DEMO_TODAY`, or to the day of seeding. */
export const demoLayer = datedDemoLayer();

function seedDemo(ctx: SeedContext, dating: DemoDating): void {
  const fixture = loadDemoFixture();
  const story = loadDemoStory();
  const sqlite = ctx.handle.sqlite;
  const clock = new Clock(dating.shiftDays, story.start);
  const steps = 8 + story.chapters.length;
  let step = 0;
  const progress = (name: string) => ctx.onProgress({ step: `demo: ${name}`, done: ++step, total: steps });

  const tenants = writeTenants(ctx, fixture, story);
  const s: Story = {
    env: { sqlite, now: clock.now },
    clock,
    term: dating.term,
    fixture,
    story,
    main: tenants.get('100001')!,
    isolated: tenants.get('100002')!,
  };
  progress('tenants and users');
  writeDepositories(s, tenants);
  progress('depositories');
  writeSchools(s);
  progress('schools');
  writeGoods(s);
  progress('goods');
  writeOpeningRecharges(s);
  progress('recharges');
  writePurchases(s);
  progress('purchase receipts');
  playTimeline(s, progress);
  writeIsolationTenant(s);
  writeNotices(sqlite, story.notices);
  progress('isolation tenant');
  // the demo ends on the last day of its story
  clock.at(`${STORY_LAST_DAY} ${story.end}`);
  progress('done');
}
