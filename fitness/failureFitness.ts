import type { FitnessTerm } from './types.js';

/** m(x) of the paper: 1 when the target failed (Fail@k), else 0. */
export const failureFitness: FitnessTerm = {
  name: 'failure',
  score: (ctx) => (ctx.failed ? 1 : 0),
};
