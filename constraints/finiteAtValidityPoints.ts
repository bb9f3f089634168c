import { OK, type Constraint } from './types.js';

/**
 * Fixed sample points, on both sides of 0 and away from integers and simple multiples of π, so
 * that "undefined almost everywhere" (log(-x^2 - 1), sqrt(-2 - x^2), x^-900) is told apart from
 * "undefined at a few points" (1/x, tan(x), log(x) on x < 0). Not the verifier's SAMPLE_POINTS
 * (src/verify/samplePoints.ts).
 */
export const VALIDITY_POINTS: readonly number[] = [0.137, 0.419, 0.733, 1.271, 1.618, 2.347, 3.719, 5.283].flatMap((p) => [p, -p]);

/**
 * A finite real value at no fewer than `limits.minFinitePoints` of the 16 VALIDITY_POINTS. Trees
 * using functions the real evaluator does not know pass rather than being refused.
 */
export const finiteAtValidityPoints: Constraint = {
  name: 'finite-at-validity-points',
  check: (_e, { limits, real: f }) => {
    if (!f) return OK;
    let finite = 0;
    for (let i = 0; i < VALIDITY_POINTS.length && finite < limits.minFinitePoints; i++) {
      if (Number.isFinite(f(VALIDITY_POINTS[i]))) finite++;
    }
    if (finite < limits.minFinitePoints) {
      return {
        ok: false,
        reason: `undefined or not finite almost everywhere (finite at fewer than ${limits.minFinitePoints} of ${VALIDITY_POINTS.length} sample points)`,
      };
    }
    return OK;
  },
};
