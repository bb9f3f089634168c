import { countNodes } from '../expr/metrics.js';
import { toInfix } from '../expr/toInfix.js';
import { isLeaf, type Expr } from '../expr/types.js';

/** How big a problem is for shrinking: fewest nodes first, then shortest infix, then simplest numbers. */
export interface ShrinkSize {
  readonly nodes: number;
  readonly chars: number;
  /**
   * The sum of the magnitudes of its numbers, a negative number weighing half a unit more: among
   * problems of one length, `2^x^2` is simpler than `3^x^2`, and `x + 2` than `x - 2`.
   */
  readonly weight: number;
}

export function shrinkSize(e: Expr, infix: string = toInfix(e)): ShrinkSize {
  let weight = 0;
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'num') weight += Math.abs(n.value) + (n.value < 0 ? 0.5 : 0);
    else if (!isLeaf(n)) {
      if (n.type === 'neg' && n.args[0].type === 'num') weight += 0.5;
      stack.push(...n.args);
    }
  }
  return { nodes: countNodes(e).nodes, chars: infix.length, weight };
}
