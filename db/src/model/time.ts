/** Blade's wire date format `yyyy-MM-dd HH:mm:ss`, in the server zone (Asia/Shanghai by default). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const zone = (typeof process !== 'undefined' && process.env?.TZ_DISPLAY) || 'Asia/Shanghai';
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(date: Date = new Date()): string {
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function today(date: Date = new Date()): string {
  return formatDateTime(date).slice(0, 10);
}

/** Normalises a client date (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, ISO) to the wire format, or null. */
export function normalizeDateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (DATE_TIME_PATTERN.test(v)) return v;
  if (DATE_PATTERN.test(v)) return `${v} 00:00:00`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : formatDateTime(d);
  }
  return null;
}

/**
 * The school term of a day (`yyyy-MM-dd`): `2025-2026-1` from August to January, `2025-2026-2` from
 * February to July. A new order defaults to the term of today; the demo's orders use the term of the
 * day the demo is dated to, so the two agree.
 */
export function termOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month >= 8) return `${year}-${year + 1}-1`;
  if (month === 1) return `${year - 1}-${year}-1`;
  return `${year - 1}-${year}-2`;
}
