import { X, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import type { MutationParams } from './types.js';

/** Replace the whole subtree by x. */
export function internalSymbolMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  void tree;
  void rng;
  void params;
  return X;
}
