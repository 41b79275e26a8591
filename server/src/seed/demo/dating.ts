import { termOf, today as todayIn } from '@psi/db/model';

/** The last day of DOMAIN.md's story: the day it is dated to when `DEMO_TODAY=2025-08-29`. */
export const STORY_LAST_DAY = '2025-08-29';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoDating {
  /** the day the demo is dated to, `yyyy-MM-dd` */
  today: string;
  /** whole days (a multiple of 7) added to every date of the story */
  shiftDays: number;
  /** the term of every order */
  term: string;
}

/**
 * The shift that puts the story's last day on `today` or within the six days before it; `today` defaults
 * to `DEMO_TODAY`, else the day of seeding (Asia/Shanghai).
 */
export function demoDating(today: string = process.env.DEMO_TODAY?.trim() || todayIn()): DemoDating {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)))
    throw new Error(`DEMO_TODAY must be a date such as 2025-08-29, not ${today}`);
  const days = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${STORY_LAST_DAY}T00:00:00Z`)) / DAY_MS,
  );
  return { today, shiftDays: Math.floor(days / 7) * 7, term: termOf(today) };
}

/** Moves the demo's clock: `at('2025-08-01 09:00')` in Asia/Shanghai, shifted to the demo's dating. */
export class Clock {
  private current: Date;
  constructor(
    private readonly shiftDays: number,
    start: string,
  ) {
    this.current = this.toDate(start);
  }
  private toDate(local: string) {
    return new Date(new Date(`${local.replace(' ', 'T')}:00+08:00`).getTime() + this.shiftDays * DAY_MS);
  }
  now = () => this.current;
  at(local: string) {
    this.current = this.toDate(local);
  }
  /** a story day (`2025-08-25`) as the demo's day */
  day(story: string) {
    return todayIn(this.toDate(`${story} 12:00`));
  }
  /** a story day as the digits of a document or voucher number (`20250825`) */
  digits(story: string) {
    return this.day(story).replace(/-/g, '');
  }
}
