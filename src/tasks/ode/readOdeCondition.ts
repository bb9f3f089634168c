import type { Limits } from '../../expr/limits.js';
import type { ParameterName } from '../../expr/parameters.js';
import { tryParseExpr } from '../../expr/parse.js';
import { hasX } from '../../expr/types.js';
import type { OdeCondition } from './types.js';

/** The longest condition read: a condition is a point and a value, not a formula. */
export const MAX_CONDITION_CHARS = 400;

// No two adjacent quantifiers can share a run of spaces, so hostile text costs linear time.
const HEAD = /^\s*y\s*(?:('{1,2}|′{1,2}|″)\s*)?\(/;

/**
 * A condition `y(0) = 1`, `y'(pi/2) = -2` (primes as ASCII apostrophes or Unicode primes): the point
 * and the value are constants, read by the whitelisting infix parser with the given parameters.
 */
export function readOdeCondition(
  text: string,
  parameters: readonly ParameterName[] = [],
  limits?: Partial<Limits>,
): { ok: true; condition: OdeCondition } | { ok: false; error: string } {
  if (typeof text !== 'string') return { ok: false, error: 'a condition must be a string' };
  if (text.length > MAX_CONDITION_CHARS) return { ok: false, error: `a condition is longer than ${MAX_CONDITION_CHARS} characters` };
  const usage = "a condition reads y(point) = value or y'(point) = value";
  const head = HEAD.exec(text);
  if (head === null) return { ok: false, error: usage };
  const primes = head[1] ?? '';
  const order = (primes === '″' ? 2 : primes.length) as 0 | 1 | 2;
  // The point runs to the parenthesis that closes the one after y.
  let depth = 1;
  let close = head[0].length;
  for (; close < text.length && depth > 0; close++) {
    if (text[close] === '(') depth++;
    else if (text[close] === ')') depth--;
  }
  if (depth > 0) return { ok: false, error: `missing ')': ${usage}` };
  const rest = text.slice(close);
  const equals = /^\s*=/.exec(rest);
  if (equals === null) return { ok: false, error: usage };
  const read = (part: string, what: string) => {
    const r = tryParseExpr(part, limits, { parameters });
    if (!r.ok) return `${what}: ${r.error.message}`;
    if (hasX(r.expr)) return `${what} cannot depend on x`;
    return r.expr;
  };
  const at = read(text.slice(head[0].length, close - 1), 'the point');
  if (typeof at === 'string') return { ok: false, error: at };
  const value = read(rest.slice(equals[0].length), 'the value');
  if (typeof value === 'string') return { ok: false, error: value };
  return { ok: true, condition: { order, at, value } };
}
