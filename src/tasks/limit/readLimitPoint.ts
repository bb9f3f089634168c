import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { hasX } from '../../expr/types.js';
import type { LimitPoint } from './limitTypes.js';

/** Spellings of the two infinities that a point or an answer may use. */
export const INFINITY_SPELLINGS: Readonly<Record<string, 1 | -1>> = {
  oo: 1,
  '+oo': 1,
  infinity: 1,
  '+infinity': 1,
  inf: 1,
  '+inf': 1,
  '∞': 1,
  '+∞': 1,
  '-oo': -1,
  '-infinity': -1,
  '-inf': -1,
  '-∞': -1,
};

/** Reads a limit point: `oo`, `-oo` (and `infinity`, `∞`), or a number or constant in infix, free of x. */
export function readLimitPoint(text: string, options?: ReadOptions): { ok: true; point: LimitPoint } | { ok: false; error: string } {
  const key = text.trim().replace(/\s+/g, '').toLowerCase();
  const sign = Object.hasOwn(INFINITY_SPELLINGS, key) ? INFINITY_SPELLINGS[key] : undefined;
  if (sign !== undefined) return { ok: true, point: { kind: 'infinite', sign } };
  const r = tryParseExpr(text, undefined, options);
  if (!r.ok) return { ok: false, error: r.error.message };
  if (hasX(r.expr)) return { ok: false, error: 'a limit point cannot depend on x' };
  return { ok: true, point: { kind: 'finite', at: r.expr } };
}
