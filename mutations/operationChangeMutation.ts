import type { FnName } from '../src/expr/functions.js';
import { add, children, fn, isLeaf, mul, pow, withArgs, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { binaryOpsOf, simpleOperand, trigFunctionsOf } from './randomOperands.js';
import type { MutationOp, MutationParams } from './types.js';

function currentOp(e: Expr): MutationOp | undefined {
  switch (e.type) {
    case 'add':
    case 'mul':
    case 'pow':
      return e.type;
    case 'fn':
      return e.name === 'sin' || e.name === 'cos' || e.name === 'tan' ? e.name : undefined;
    default:
      return undefined;
  }
}

/**
 * Change the node's operation to another one of the operation set ({+, ×, ^}, plus sin/cos/tan in
 * trig runs), keeping its operands:
 * - several operands: a+b+c → a·b·c; to ^ the first operand is the base and the rest, under the
 *   old operation, the exponent (a+b+c → a^(b+c), a/b → a^b); to a trig function, f(first operand).
 * - one operand (sin(a), −a, log(a); a leaf counts as its own operand): to + or × or ^ it gains a
 *   random simple operand s (sin(a) → a + s, a·s, a^s); to a trig function, f(a).
 * When the set offers no other operation, the node is returned unchanged.
 */
export function operationChangeMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  const own = currentOp(tree);
  const targets = [...binaryOpsOf(params), ...trigFunctionsOf(params)].filter((op) => op !== own);
  if (targets.length === 0) return tree;
  const target = rng.pick(targets);
  const operands: readonly Expr[] = isLeaf(tree) ? [tree] : children(tree);
  if (target === 'sin' || target === 'cos' || target === 'tan') return fn(target as FnName, operands[0]);
  if (operands.length === 1) {
    const s = simpleOperand(rng, params);
    return target === 'add' ? add(operands[0], s) : target === 'mul' ? mul(operands[0], s) : pow(operands[0], s);
  }
  if (target === 'add') return add(...operands);
  if (target === 'mul') return mul(...operands);
  const exponent = operands.length === 2 ? operands[1] : withArgs(tree, operands.slice(1));
  return pow(operands[0], exponent);
}
