import { replaceAt } from '../../expr/edit/nodePaths.js';
import { num } from '../../expr/types.js';
import type { ShrinkCandidate, ShrinkMove } from '../types.js';
import { allPaths } from './allPaths.js';
import { SMALL_CONSTANTS } from './smallConstants.js';

/**
 * Replace a number by a simpler one: each small constant (1, 2, 3, 10) smaller in magnitude, with the
 * number's sign and without it (612 → 1, 2, 3, 10; -5 → ±1, ±2, ±3, and 5). Every candidate is
 * strictly simpler, so repeating the move ends.
 */
export const simplifyConstant: ShrinkMove = {
  name: 'simplify-constant',
  candidates(tree) {
    const out: ShrinkCandidate[] = [];
    for (const { path, node } of allPaths(tree)) {
      if (node.type !== 'num') continue;
      const v = node.value;
      const values = SMALL_CONSTANTS.filter((c) => c < Math.abs(v)).flatMap((c) => (v < 0 ? [c, -c] : [c]));
      if (v < 0) values.push(-v);
      for (const c of values) out.push({ move: 'simplify-constant', path, expr: replaceAt(tree, path, num(c)) });
    }
    return out;
  },
};
