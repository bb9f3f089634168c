import type { FitnessTerm, LengthMeasure } from './types.js';

/** Paper eq. 6: 1/|x|. */
export function shortFitness(measure: LengthMeasure = 'chars'): FitnessTerm {
  return {
    name: `short(${measure})`,
    score: (ctx) => 1 / Math.max(1, ctx.metrics[measure]),
  };
}
