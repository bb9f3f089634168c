import { parseExpr } from '../../expr/parse.js';
import { neg, num, type Expr } from '../../expr/types.js';
import type { Rng } from '../../util/rng.js';
import type { TaskParams } from '../task.js';

/** Bounds other than small integers that a mutation draws: IntegralBench's usual ends. */
const SPECIAL_BOUNDS: readonly Expr[] = ['1/2', 'pi/2', 'pi', 'oo', '-oo'].map((t) => parseExpr(t, undefined, { infinity: true }));
/** Small integers are drawn from [-SMALL, SMALL], that many times wider at a wider constant scale. */
const SMALL = 3;

/**
 * A bound mutated like a constant: one end, chosen evenly, becomes a small integer (half the time)
 * or one of the usual ends (1/2, pi/2, pi, oo, -oo). The result may be a reversed or empty
 * interval, or one the integrand does not converge on: the task's constraint refuses what makes no
 * fair problem.
 */
export function mutateBound(params: TaskParams, rng: Rng, constantScale: number): TaskParams {
  const side = rng.next() < 0.5 ? 'lower' : 'upper';
  let bound: Expr;
  if (rng.next() < 0.5) {
    const wide = Math.max(SMALL, Math.round(SMALL * constantScale));
    const v = rng.int(-wide, wide);
    bound = v < 0 ? neg(num(-v)) : num(v);
  } else bound = rng.pick(SPECIAL_BOUNDS);
  return { ...params, [side]: bound };
}
