import { div, num, pow, X } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import { drawDistinctCoefficients } from './drawDistinctCoefficients.js';
import type { SuiteProblem } from './suiteTypes.js';

/** Exponent ranges of the paper's Table 8, [lo, hi): the small exponents and the far ones. */
export const EXPONENT_RANGES: readonly (readonly [number, number])[] = [
  [1, 1001],
  [10000, 11000],
];

/**
 * The paper's exponent primitives (Table 8): x^k and x^(1/k) for up to `n` distinct k from each
 * range of `EXPONENT_RANGES` (all of them when the range holds no more than n), written as the
 * templates are (x^1 stays x^1: the suite asks the template, not a simplified form).
 */
export function exponentProblems(rng: Rng, n: number): SuiteProblem[] {
  const out: SuiteProblem[] = [];
  for (const [lo, hi] of EXPONENT_RANGES) {
    const range = `[${lo}, ${hi})`;
    for (const k of drawDistinctCoefficients(rng.fork(`x^k ${range}`), 1, lo, hi, n)
      .map((t) => t[0])
      .sort((a, b) => a - b)) {
      out.push({ id: `x^${k}`, row: [range, 'x^k'], expr: pow(X, num(k)) });
    }
    for (const k of drawDistinctCoefficients(rng.fork(`x^(1/k) ${range}`), 1, lo, hi, n)
      .map((t) => t[0])
      .sort((a, b) => a - b)) {
      out.push({ id: `x^(1/${k})`, row: [range, 'x^(1/k)'], expr: pow(X, div(num(1), num(k))) });
    }
  }
  return out;
}
