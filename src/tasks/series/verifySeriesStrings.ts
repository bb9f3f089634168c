import { tryParseExpr } from '../../expr/parse.js';
import type { VerifyOptions, VerifyResult } from '../../verify/types.js';
import { coefficientName } from './coefficientName.js';
import { MAX_SERIES_ORDER, verifySeries } from './verifySeries.js';
import { readSeriesAnswer } from './readSeriesAnswer.js';

/**
 * `verifySeries` on the fields of a `series` line (`{"problem", "point", "order", "answer"}`): the
 * problem and the point in infix, the order a whole number (or its digits), the answer in infix with
 * or without a trailing `+ O(x^n)`. A field that cannot be read is `invalid`, naming it; a remainder
 * O(x^n) with n ≤ order says the answer stops short of the order, which is `incorrect`.
 */
export function verifySeriesStrings(problem: string, point: string, order: number | string, answer: string, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const invalid = (reason: string): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const p = tryParseExpr(problem);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const a = tryParseExpr(point);
  if (!a.ok) return invalid(`point: ${a.error.message}`);
  const n = typeof order === 'number' ? order : /^\s*\d{1,3}\s*$/.test(order) ? Number(order) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SERIES_ORDER) return invalid(`order: a whole number from 0 to ${MAX_SERIES_ORDER} is needed, not ${JSON.stringify(String(order).slice(0, 20))}`);
  const g = readSeriesAnswer(answer);
  if (!g.ok) return invalid(`answer: ${g.error}`);
  if (g.remainderOrder !== undefined && g.remainderOrder <= n) {
    const remainder = coefficientName(a.expr, g.remainderOrder);
    return { verdict: 'incorrect', reason: `the answer stops short of the order ${n}: its remainder term is O(${remainder})`, ms: performance.now() - started };
  }
  const r = verifySeries(p.expr, a.expr, n, g.expr, opts);
  return { ...r, ms: performance.now() - started };
}
