import { tryParseExpr } from '../../expr/parse.js';
import { hasX } from '../../expr/types.js';
import type { Limits } from '../../expr/limits.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import type { DefiniteBound } from './types.js';

/** The longest bound text read: bounds are numbers and simple constants. */
export const MAX_BOUND_CHARS = 200;

const INFINITIES: Readonly<Record<string, 1 | -1>> = {
  oo: 1,
  '+oo': 1,
  '-oo': -1,
  inf: 1,
  '+inf': 1,
  '-inf': -1,
  Infinity: 1,
  '+Infinity': 1,
  '-Infinity': -1,
};

/**
 * A bound of a definite integral from its text: `oo`, `+oo`, `-oo` (and the spellings `inf`,
 * `Infinity`) are the infinite ends; anything else is read by the whitelisting infix parser and must
 * be free of x (`0`, `1/2`, `pi/2`, `log(2)`, and a parameter that `options` allow).
 */
export function parseBound(text: string, limits?: Partial<Limits>, options?: ReadOptions): { ok: true; bound: DefiniteBound } | { ok: false; error: string } {
  if (typeof text !== 'string') return { ok: false, error: 'a bound must be a string' };
  if (text.length > MAX_BOUND_CHARS) return { ok: false, error: `a bound is longer than ${MAX_BOUND_CHARS} characters` };
  const trimmed = text.trim().replace(/\s+/g, '');
  if (Object.hasOwn(INFINITIES, trimmed)) return { ok: true, bound: { kind: 'inf', sign: INFINITIES[trimmed] } };
  const r = tryParseExpr(text, limits, options);
  if (!r.ok) return { ok: false, error: r.error.message };
  if (hasX(r.expr)) return { ok: false, error: 'a bound cannot depend on x' };
  return { ok: true, bound: { kind: 'finite', expr: r.expr } };
}
