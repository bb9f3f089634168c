import { nodeAt, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { simplify } from '../src/expr/simplify.js';
import { add, mul, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { nearRelative } from './nearRelative.js';

/**
 * Subtree duplication (gene duplication, as in genetic programming): a node a of the tree (chosen
 * as mutations choose one) becomes a·a′ or a + a′, and the result is simplified; a′ is a near
 * relative of a (`nearRelative`). One step builds a product of two related factors, `(x + 3)^2` →
 * `(x + 3)^2*(x + 5)^2`, `1/(x + 3)` → `1/((x + 3)*(x + 8))`, `1/x^2` → `1/(x^2*(x + 2))`: the
 * shapes where integrators split into partial fractions or expand, which mutations reach only by
 * several unlikely steps in a row (a product gains only simple operands: a number, x, k·x or x^k).
 */
export function duplication(tree: Expr, rng: Rng, mutateCopy: (copy: Expr) => Expr): Expr {
  const at = randomNodePath(tree, rng, 'any');
  const node = nodeAt(tree, at);
  const product = rng.next() < 0.5;
  const copy = nearRelative(node, rng, mutateCopy);
  return simplify(replaceAt(tree, at, product ? mul(node, copy) : add(node, copy)));
}
