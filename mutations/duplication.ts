import { nodeAt, numberPaths, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { simplify } from '../src/expr/simplify.js';
import { add, mul, num, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/** The largest step a number of the copy is moved by. */
export const DUPLICATION_SHIFT = 10;

/**
 * Subtree duplication (gene duplication, as in genetic programming): a node a of the tree (chosen
 * as mutations choose one) becomes a·a′ or a + a′, and the result is simplified. The copy a′ is a
 * near relative: half the time one of its numbers moved by 1 to DUPLICATION_SHIFT either way, else
 * (and always when it has no number) `mutateCopy` of it, the run's own mutation. One step builds a
 * product of two related factors, `(x + 3)^2` → `(x + 3)^2*(x + 5)^2`, `1/(x + 3)` →
 * `1/((x + 3)*(x + 8))`, `1/x^2` → `1/(x^2*(x + 2))`: the shapes where integrators split into
 * partial fractions or expand, which mutations reach only by several unlikely steps in a row (a
 * product gains only simple operands: a number, x, k·x or x^k).
 */
export function duplication(tree: Expr, rng: Rng, mutateCopy: (copy: Expr) => Expr): Expr {
  const at = randomNodePath(tree, rng, 'any');
  const node = nodeAt(tree, at);
  const product = rng.next() < 0.5;
  const numbers = numberPaths(node);
  let copy: Expr;
  if (numbers.length > 0 && rng.next() < 0.5) {
    const path = rng.pick(numbers);
    const n = nodeAt(node, path);
    const step = rng.int(1, DUPLICATION_SHIFT) * (rng.next() < 0.5 ? -1 : 1);
    copy = replaceAt(node, path, num((n.type === 'num' ? n.value : 0) + step));
  } else copy = mutateCopy(node);
  return simplify(replaceAt(tree, at, product ? mul(node, copy) : add(node, copy)));
}
