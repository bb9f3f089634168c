import { div, fn, mul, pow, X, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { drawConstantExpr, trigFunctionsOf } from './randomOperands.js';
import type { MutationParams } from './types.js';

/**
 * Replace the leaf by k1 ∘ x^k2 with ∘ ∈ {×, ^, ÷} and k2 ∈ {1, 2}: 3·x², 5^x, 5/x, 7/x², …
 * In trig runs (sin/cos/tan in the operation set) the base x becomes f(x) half of the time:
 * 17·cos(x), 2/sin(x)², …
 */
export function leafSimpleOperationMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  void tree;
  const k1 = drawConstantExpr(rng, params);
  const k2 = rng.int(1, 2);
  const trig = trigFunctionsOf(params);
  const base: Expr = trig.length > 0 && rng.next() < 0.5 ? fn(rng.pick(trig), X) : X;
  const power: Expr = k2 === 1 ? base : pow(base, { type: 'num', value: 2 });
  switch (rng.int(0, 2)) {
    case 0:
      return mul(k1, power);
    case 1:
      return pow(k1, power);
    default:
      return div(k1, power);
  }
}
