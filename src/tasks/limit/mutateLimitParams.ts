import { parseExpr } from '../../expr/parse.js';
import { neg, num, type Expr } from '../../expr/types.js';
import type { Rng } from '../../util/rng.js';
import type { TaskParams } from '../task.js';
import { defaultDirection, limitParams, limitPointOf } from './limitParams.js';
import type { LimitDirection } from './limitTypes.js';

/** Points other than small integers a mutation draws. */
const SPECIAL_POINTS: readonly Expr[] = ['1/2', 'pi/2', 'oo', '-oo'].map((t) => parseExpr(t, undefined, { infinity: true }));
const DIRECTIONS: readonly LimitDirection[] = ['+', '-', '+-'];

/**
 * A limit's parameters mutated like constants: at a finite point, a third of the time the side it
 * is approached from changes; otherwise the point becomes 0, a small integer, 1/2, pi/2, oo or -oo,
 * approached from both sides at a finite point and from the only side there is at an infinity.
 * The task's constraint refuses a point f is not real near.
 */
export function mutateLimitParams(params: TaskParams, rng: Rng, constantScale: number): TaskParams {
  const { point, direction } = limitParams(params);
  if (limitPointOf(point).kind === 'finite' && rng.next() < 1 / 3) {
    const others = DIRECTIONS.filter((d) => d !== direction);
    return { point, direction: rng.pick(others) };
  }
  let next: Expr;
  const r = rng.next();
  if (r < 0.3) next = num(0);
  else if (r < 0.6) next = rng.pick(SPECIAL_POINTS);
  else {
    const wide = Math.max(3, Math.round(3 * constantScale));
    const v = rng.int(-wide, wide);
    next = v < 0 ? neg(num(-v)) : num(v);
  }
  return { point: next, direction: defaultDirection(next) };
}
