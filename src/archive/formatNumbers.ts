/** Placeholder for a number a run does not record. */
export const MISSING = '—';

/** How the summary tables, `archive stats` and the report write numbers; `—` for null. */
export function fixed(v: number | null, digits: number): string {
  return v === null ? MISSING : v.toFixed(digits);
}

export function percent(v: number | null): string {
  return v === null ? MISSING : `${(100 * v).toFixed(1)}%`;
}

/** US dollars: cents from a dollar up, three significant digits below. */
export function usd(v: number | null): string {
  if (v === null) return MISSING;
  if (v === 0) return '0';
  return Math.abs(v) >= 1 ? v.toFixed(2) : String(Number(v.toPrecision(3)));
}
