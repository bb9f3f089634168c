import { mul, X, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { drawConstantExpr } from './randomOperands.js';
import type { MutationParams } from './types.js';

/** Replace the leaf by k·x. */
export function leafScaledSymbolMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  void tree;
  return mul(drawConstantExpr(rng, params), X);
}
