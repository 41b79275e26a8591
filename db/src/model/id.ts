import { z } from 'zod';

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

/**
 * A record id as decimal text: at most 19 digits below 9.2·10^18 (a snowflake is far below), so the
 * document can state the bound exactly (`ID_NUMBER_BOUND` is a double without rounding).
 */
export const ID_DIGITS = '([0-9]{1,18}|[1-8][0-9]{18}|9[01][0-9]{17})';
/**
 * An id as text, plain spaces around allowed; an id list as comma-joined ids. ASCII classes only: a
 * generator reading `\\d` or `\\s` the Unicode way must not make values the server refuses.
 */
export const ID_TEXT = `^ *${ID_DIGITS} *$`;
export const ID_LIST_TEXT = `^ *${ID_DIGITS} *(, *${ID_DIGITS} *)*$`;
/** Ids sent as JSON numbers stay below this (exclusive): 9.2·10^18, exact as a double. */
export const ID_NUMBER_BOUND = 9.2e18;
const ID_RE = new RegExp(ID_TEXT);

/**
 * An id sent as a JSON number, as the document shows it: a whole number below `ID_NUMBER_BOUND`
 * (numbers beyond 2^53 reach the schema as their exact digits, see the server's JSON parser).
 */
export const idNumberWire = () =>
  z.number().meta({ type: 'integer', minimum: 0, exclusiveMaximum: ID_NUMBER_BOUND });

/** Accepts an id as a string or number from a request; returns the canonical string or null. */
export function parseId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && ID_RE.test(value)) return BigInt(value.trim()).toString();
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
