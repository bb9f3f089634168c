import { instantiate } from '../../expr/edit/instantiate.js';
import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import type { VerifyOptions, VerifyResult } from '../../verify/types.js';
import { verifyOverInstantiations, type ParametricOptions } from '../../verify/verifyOverInstantiations.js';
import { coefficientName } from './coefficientName.js';
import { MAX_SERIES_ORDER, verifySeries } from './verifySeries.js';
import { readSeriesAnswer } from './readSeriesAnswer.js';

/**
 * `verifySeries` on the fields of a `series` line (`{"problem", "point", "order", "answer"}`): the
 * problem and the point in infix, the order a whole number (or its digits), the answer in infix with
 * or without a trailing `+ O(x^n)`. A field that cannot be read is `invalid`, naming it; a remainder
 * O(x^n) with n ≤ order says the answer stops short of the order, which is `incorrect`. With the
 * line's `parameters`, the problem, point and answer may use them and the answer is judged over
 * instantiations of them (verifyOverInstantiations).
 */
export function verifySeriesStrings(
  problem: string,
  point: string,
  order: number | string,
  answer: string,
  opts: Partial<VerifyOptions> & ParametricOptions = {},
): VerifyResult {
  const started = performance.now();
  const invalid = (reason: string): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const { parameters = {}, instantiations, rng, ...options } = opts;
  const names = parameterNames(parameters);
  const read: ReadOptions | undefined = names.length === 0 ? undefined : { parameters: names };
  const p = tryParseExpr(problem, undefined, read);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const a = tryParseExpr(point, undefined, read);
  if (!a.ok) return invalid(`point: ${a.error.message}`);
  const n = typeof order === 'number' ? order : /^\s*\d{1,3}\s*$/.test(order) ? Number(order) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SERIES_ORDER)
    return invalid(`order: a whole number from 0 to ${MAX_SERIES_ORDER} is needed, not ${JSON.stringify(String(order).slice(0, 20))}`);
  const g = readSeriesAnswer(answer, read);
  if (!g.ok) return invalid(`answer: ${g.error}`);
  if (g.remainderOrder !== undefined && g.remainderOrder <= n) {
    const remainder = coefficientName(a.expr, g.remainderOrder);
    return { verdict: 'incorrect', reason: `the answer stops short of the order ${n}: its remainder term is O(${remainder})`, ms: performance.now() - started };
  }
  const r = verifyOverInstantiations(
    parameters,
    (values) => verifySeries(instantiate(p.expr, values), instantiate(a.expr, values), n, instantiate(g.expr, values), options),
    {
      instantiations,
      rng,
    },
  );
  return { ...r, ms: performance.now() - started };
}
