import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import type { LimitAnswer } from './limitTypes.js';
import { INFINITY_SPELLINGS } from './readLimitPoint.js';

/** Spellings of "there is no limit". */
const NO_LIMIT = new Set(['dne', 'doesnotexist', 'thelimitdoesnotexist', 'nolimit']);

/**
 * Reads a limit answer: `oo` or `-oo` (and `infinity`, `∞`), `DNE` ("does not exist"), or a value
 * in infix. A value that depends on x is read as it is; the verifier calls it wrong.
 */
export function readLimitAnswer(text: string, options?: ReadOptions): { ok: true; answer: LimitAnswer } | { ok: false; error: string } {
  const key = text
    .trim()
    .replace(/[\s.]+/g, '')
    .toLowerCase();
  const sign = Object.hasOwn(INFINITY_SPELLINGS, key) ? INFINITY_SPELLINGS[key] : undefined;
  if (sign !== undefined) return { ok: true, answer: { kind: 'infinite', sign } };
  if (NO_LIMIT.has(key)) return { ok: true, answer: { kind: 'dne' } };
  const r = tryParseExpr(text, undefined, options);
  if (!r.ok) return { ok: false, error: r.error.message };
  return { ok: true, answer: { kind: 'value', value: r.expr } };
}
