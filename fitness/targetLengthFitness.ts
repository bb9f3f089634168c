import type { FitnessTerm, LengthMeasure } from './types.js';

/** Paper eq. 7, as the reference code computes it: 1/(|len(x) − L| + 1). */
export function targetLengthFitness(targetLength: number, measure: LengthMeasure = 'chars'): FitnessTerm {
  return {
    name: `length(${targetLength}, ${measure})`,
    score: (ctx) => 1 / (Math.abs(ctx.metrics[measure] - targetLength) + 1),
    targeting: true,
  };
}
