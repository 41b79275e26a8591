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
