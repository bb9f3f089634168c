import { compileReal } from '../expr/evalReal.js';
import { tryParseExpr } from '../expr/parse.js';
import { hasX } from '../expr/types.js';
import type { Domain } from './domain.js';

export type ParsedDomain = { readonly ok: true; readonly domain: Domain } | { readonly ok: false; readonly error: string };

const USAGE = 'give two ends lo,hi with lo < hi, each a number or a constant such as pi/2, -inf or inf (e.g. 0,pi/2)';
/** Longest end accepted: an end is a constant, not a formula. */
const MAX_END_CHARS = 100;

/**
 * A domain from `--domain a,b` text or a JSON `[a, b]` whose ends are numbers or constant expressions
 * (`pi/2`, `-inf`, `inf`, `oo`). Each end is read by the whitelisting parser, never evaluated as a
 * string; an end that depends on x, is not a real number, or ends before the other is refused.
 */
export function parseDomain(value: unknown): ParsedDomain {
  let ends: unknown[];
  if (typeof value === 'string') ends = value.split(',');
  else if (Array.isArray(value)) ends = value;
  else return { ok: false, error: `domain: not an interval; ${USAGE}` };
  if (ends.length !== 2) return { ok: false, error: `domain: ${ends.length} ends; ${USAGE}` };
  const lo = endValue(ends[0]);
  const hi = endValue(ends[1]);
  if (typeof lo === 'string') return { ok: false, error: `domain: lower end ${lo}; ${USAGE}` };
  if (typeof hi === 'string') return { ok: false, error: `domain: upper end ${hi}; ${USAGE}` };
  if (!(lo < hi) || lo === Infinity || hi === -Infinity) return { ok: false, error: `domain: (${lo}, ${hi}) is empty; ${USAGE}` };
  return { ok: true, domain: { lo, hi } };
}

/** The end's value, or why it is refused. */
function endValue(end: unknown): number | string {
  if (typeof end === 'number') return Number.isNaN(end) ? 'is not a number' : end;
  if (typeof end !== 'string') return 'is neither a number nor text';
  const text = end.trim();
  if (text.length > MAX_END_CHARS) return `is longer than ${MAX_END_CHARS} characters`;
  const infinite = /^([+-]?)(inf|infinity|oo)$/i.exec(text);
  if (infinite) return infinite[1] === '-' ? -Infinity : Infinity;
  const parsed = tryParseExpr(text);
  if (!parsed.ok) return `"${text}" cannot be read: ${parsed.error.message}`;
  if (hasX(parsed.expr)) return `"${text}" depends on x`;
  const v = compileReal(parsed.expr)?.(0);
  return v === undefined || !Number.isFinite(v) ? `"${text}" is not a finite real number` : v;
}
