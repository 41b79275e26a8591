/** Money is integer cents in the database and in code, a two-place decimal string on the wire. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses `"12.5"`, `"12.50"`, `12.5`; returns cents, or null for anything else (more than 2 places too). */
export function parseMoney(value: unknown): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '').trim();
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  return m[1] === '-' ? -cents : cents;
}
