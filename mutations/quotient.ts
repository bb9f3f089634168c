import { nodeAt, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { simplify } from '../src/expr/simplify.js';
import { div, mul, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { nearRelative } from './nearRelative.js';

/**
 * Division, duplication's counterpart: a node a of the tree (chosen as mutations choose one)
 * becomes a/a′, a′ a near relative of a (`nearRelative`), or, half the time when a is a product,
 * one of its factors moves under the rest; the result is simplified. `(x + 1)^2` →
 * `(x + 1)^2/(x + 4)^2`, `(x + 1)^2*(x + 2)^2` → `(x + 1)^2/(x + 2)^2`, `(x + 1)^2*2^x` →
 * `2^x/(x + 1)^2`. The mutations build a quotient only as k/x or k/x^2 (a leaf's simple
 * operation) and their operations are +, × and ^, so a quotient of two related parts, where
 * integrators cancel, divide or split into partial fractions, is otherwise reached by crossover alone.
 */
export function quotient(tree: Expr, rng: Rng, mutateCopy: (copy: Expr) => Expr): Expr {
  const at = randomNodePath(tree, rng, 'any');
  const node = nodeAt(tree, at);
  if (node.type === 'mul' && node.args.length >= 2 && rng.next() < 0.5) {
    const under = rng.int(0, node.args.length - 1);
    const over = node.args.filter((_, i) => i !== under);
    return simplify(replaceAt(tree, at, div(mul(...over), node.args[under])));
  }
  return simplify(replaceAt(tree, at, div(node, nearRelative(node, rng, mutateCopy))));
}
