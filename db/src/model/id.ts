/**
 * Snowflake ids (Twitter layout, Blade epoch): 41 bits of milliseconds, 10 bits of worker, 12 bits of
 * sequence. Values are far above 2^53, so they are strings everywhere outside SQLite.
 */
const EPOCH = 1288834974657n;
let lastMs = -1n;
let sequence = 0n;
const worker = 1n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else if (now < lastMs) {
    // clock went backwards: keep issuing from the last millisecond so ids stay unique and increasing
    now = lastMs;
    sequence = (sequence + 1n) & 4095n;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}

/** Accepts an id as a string or number from a request; returns the canonical string or null. */
export function parseId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,19}$/.test(value.trim())) {
    const n = BigInt(value.trim());
    if (n <= 9223372036854775807n) return n.toString();
  }
  return null;
}

/** Parses a comma-joined id list (`ids=1,2,3`); returns null when any part is not an id. */
export function parseIdList(value: unknown): string[] | null {
  if (Array.isArray(value)) value = value.join(',');
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return null;
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ids: string[] = [];
  for (const p of parts) {
    const id = parseId(p);
    if (!id) return null;
    ids.push(id);
  }
  return ids.length ? [...new Set(ids)] : null;
}
