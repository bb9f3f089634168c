import type { Expr } from '../../expr/types.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { ScalarArithmetic, type Scalar } from './scalarArithmetic.js';
import { SeriesRefusal } from './seriesRefusal.js';
import { TaylorExpansion } from './taylorExpansion.js';

/** The Taylor coefficients of both sides at one precision, or which side could not be expanded and why. */
export type PairExpansion =
  | { readonly ok: true; readonly expected: readonly Scalar[]; readonly given: readonly Scalar[] }
  | { readonly ok: false; readonly side: 'point' | 'problem' | 'answer'; readonly refusal: SeriesRefusal };

/**
 * Coefficients 0 … `order` of the problem and 0 … `degree` of the answer at `point`, in t = x − a,
 * at `digits` digits. Both sides share one arithmetic, so exact and decimal values are alike.
 */
export function expandPair(problem: Expr, point: Expr, order: number, answer: Expr, degree: number, digits: number, meter: WorkMeter): PairExpansion {
  const s = new ScalarArithmetic(digits, meter);
  const expansion = new TaylorExpansion(s);
  let side: 'point' | 'problem' | 'answer' = 'point';
  try {
    const x = expansion.variable(expansion.value(point));
    side = 'problem';
    const f = expansion.of(problem, x);
    const expected = Array.from({ length: order + 1 }, (_, k) => f.at(k));
    side = 'answer';
    const g = expansion.of(answer, x);
    const given = Array.from({ length: degree + 1 }, (_, k) => g.at(k));
    return { ok: true, expected, given };
  } catch (error) {
    if (error instanceof SeriesRefusal) return { ok: false, side, refusal: error };
    throw error;
  }
}
