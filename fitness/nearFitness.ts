import type { Expr } from '../src/expr/types.js';
import { prepareTree, preparedTreeEditDistance, type PreparedTree } from '../src/expr/treeEditDistance.js';
import { cosineDistance } from './cosineDistance.js';
import type { DistanceKind, FitnessContext, FitnessTerm } from './types.js';

/** A target of `near:`: its tree, and its embedding when the distance is cosine. */
export interface NearTarget {
  readonly expr: Expr;
  readonly embedding?: Float64Array;
}

/**
 * Distances below this count as this: a candidate equal to a target (d = 0) gets fitness 1/ε
 * instead of infinity, so it ranks first without breaking sums, means or JSON output.
 */
export const NEAR_EPSILON = 1e-6;

/**
 * Paper eq. 4: 1 / min over targets t of d(t, x), with d the cosine distance of embeddings
 * ('cosine', needs `ctx.embedding` and every target's embedding) or the Zhang–Shasha tree edit
 * distance of the trees ('tree'); d is floored at NEAR_EPSILON.
 */
export function nearFitness(targets: readonly NearTarget[], distance: DistanceKind): FitnessTerm {
  if (targets.length === 0) throw new RangeError('near: needs at least one target');
  const name = `near(${targets.length} target${targets.length === 1 ? '' : 's'}, ${distance})`;
  const given = targets.map((t) => t.expr);
  if (distance === 'cosine') {
    const embeddings = targets.map((t, i) => {
      if (!t.embedding) throw new RangeError(`near: target ${i + 1} has no embedding (cosine distance needs one)`);
      return t.embedding;
    });
    return {
      name,
      targeting: true,
      targets: given,
      score(ctx: FitnessContext): number {
        if (!ctx.embedding) throw new RangeError('near with cosine distance needs the candidate embedding (ctx.embedding)');
        let best = Infinity;
        for (const t of embeddings) {
          const d = cosineDistance(t, ctx.embedding);
          if (d < best) best = d;
        }
        return 1 / Math.max(best, NEAR_EPSILON);
      },
    };
  }
  const prepared: PreparedTree[] = targets.map((t) => prepareTree(t.expr));
  return {
    name,
    targeting: true,
    targets: given,
    score(ctx: FitnessContext): number {
      const candidate = prepareTree(ctx.expr);
      let best = Infinity;
      for (const t of prepared) {
        const d = preparedTreeEditDistance(t, candidate);
        if (d < best) best = d;
      }
      return 1 / Math.max(best, NEAR_EPSILON);
    },
  };
}
