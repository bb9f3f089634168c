import { add, isLeaf, withArgs, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { simpleOperand } from './randomOperands.js';
import type { MutationParams } from './types.js';

/**
 * Give the node one more operand, a random simple operation s (k, x, k·x, x^k; in trig runs maybe
 * wrapped in sin/cos/tan):
 * - a sum or product gains s as a new argument: a + b → a + b + s;
 * - a one-argument node f(a) (a function or a negation) becomes f(a + s);
 * - a node of fixed arity two (a/b, a^b, two-argument functions) gets s added to one of its
 *   operands, chosen at random: a^b → (a + s)^b or a^(b + s);
 * - a leaf ℓ becomes ℓ + s.
 */
export function addArgumentMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  if (isLeaf(tree)) return add(tree, simpleOperand(rng, params));
  if (tree.type === 'add' || tree.type === 'mul') return withArgs(tree, [...tree.args, simpleOperand(rng, params)]);
  const args = tree.args;
  const i = args.length === 1 ? 0 : rng.int(0, args.length - 1);
  const grown = args.map((a, j) => (j === i ? add(a, simpleOperand(rng, params)) : a));
  return withArgs(tree, grown);
}
