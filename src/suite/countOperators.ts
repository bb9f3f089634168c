import type { Expr } from '../expr/types.js';

/**
 * Operators in a tree, as Lample & Charton count a problem's size: every unary function, minus
 * sign, quotient and power is one, and a sum or product of m terms is m − 1 binary operators.
 * Leaves (numbers, x, constants) are none. Iterative, so a deep tree cannot overflow the stack.
 */
export function countOperators(root: Expr): number {
  let count = 0;
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.type === 'num' || e.type === 'sym') continue;
    count += e.type === 'add' || e.type === 'mul' ? e.args.length - 1 : 1;
    for (const c of e.args) stack.push(c);
  }
  return count;
}
