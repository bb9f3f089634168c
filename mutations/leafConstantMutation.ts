import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { drawConstantExpr } from './randomOperands.js';
import type { MutationParams } from './types.js';

/** Replace the leaf by an integer constant k ~ U{vmin..vmax} (minus `avoid`). */
export function leafConstantMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  void tree;
  return drawConstantExpr(rng, params);
}
