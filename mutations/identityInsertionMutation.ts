import { easyIdentityArgument, IDENTITY_FACTORS } from '../src/expr/edit/identityFactors.js';
import { mul, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import type { MutationParams } from './types.js';

/**
 * ASyMOB's equivalence perturbation as a mutation: the subtree is multiplied by a factor equal to
 * 1 (sin²(-Qx)+cos²(Qx), cosh²(Qx)-sinh²(Qx), …, Q ∈ {2 … 9}). The problem's meaning, and so its
 * antiderivative, does not change; only its surface does.
 */
export function identityInsertionMutation(tree: Expr, rng: Rng, _params: MutationParams): Expr {
  return mul(tree, rng.pick(IDENTITY_FACTORS).build(easyIdentityArgument(rng)));
}
