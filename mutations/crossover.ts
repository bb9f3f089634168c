import { nodeAt, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { simplify } from '../src/expr/simplify.js';
import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/**
 * Subtree crossover: a node of `receiver` (chosen as mutations choose one) is replaced by a node of
 * `donor`, and the result simplified. Two failing problems combined this way often keep one failing
 * part while meeting the other's structure, a step no single mutation takes.
 */
export function crossover(receiver: Expr, donor: Expr, rng: Rng): Expr {
  const at = randomNodePath(receiver, rng, 'any');
  const from = randomNodePath(donor, rng, 'any');
  return simplify(replaceAt(receiver, at, nodeAt(donor, from)));
}
