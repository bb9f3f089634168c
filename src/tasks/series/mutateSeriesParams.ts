import { parseExpr } from '../../expr/parse.js';
import { neg, num, type Expr } from '../../expr/types.js';
import type { Rng } from '../../util/rng.js';
import type { TaskParams } from '../task.js';
import { seriesParams } from './seriesParams.js';

/** Points other than small integers a mutation draws. */
const SPECIAL_POINTS: readonly Expr[] = ['1/2', 'pi/2', 'pi'].map((t) => parseExpr(t));
/** Orders stay within what a model is asked in practice. */
export const MIN_SERIES_ORDER = 1;
export const MAX_MUTATED_ORDER = 10;

/**
 * A series' parameters mutated like constants: half the time the order moves by one (within 1 to
 * 10), otherwise the point becomes a small integer (mostly 0) or 1/2, pi/2, pi. The task's
 * constraint refuses a point where f has no Taylor expansion.
 */
export function mutateSeriesParams(params: TaskParams, rng: Rng, constantScale: number): TaskParams {
  const { point, order } = seriesParams(params);
  if (rng.next() < 0.5) {
    const step = rng.next() < 0.5 ? -1 : 1;
    const next = order + step < MIN_SERIES_ORDER || order + step > MAX_MUTATED_ORDER ? order - step : order + step;
    return { point, order: next };
  }
  if (rng.next() < 0.5) return { point: num(0), order };
  if (rng.next() < 0.5) return { point: rng.pick(SPECIAL_POINTS), order };
  const wide = Math.max(2, Math.round(2 * constantScale));
  const v = rng.int(-wide, wide);
  return { point: v < 0 ? neg(num(-v)) : num(v), order };
}
