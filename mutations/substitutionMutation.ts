import { randomCubic } from '../src/expr/edit/randomCubic.js';
import { substitute } from '../src/expr/edit/substitute.js';
import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { derivativeOrUndefined } from '../src/verify/derivative.js';
import type { MutationParams } from './types.js';

/**
 * AntiderivBench's subst_poly as a mutation: the subtree t(x) becomes t(g(x))·g'(x) with g a
 * random cubic (coefficients in {-9 … 9}). At the root this keeps a known antiderivative known
 * (T(g(x))); deeper it is a structured, non-local edit the paper's operators cannot make.
 * A subtree without x is returned unchanged.
 */
export function substitutionMutation(tree: Expr, rng: Rng, _params: MutationParams): Expr {
  const s = substitute(tree, randomCubic(rng), derivativeOrUndefined);
  return s ? s.problem : tree;
}
