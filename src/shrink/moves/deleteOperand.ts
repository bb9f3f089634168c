import { replaceAt } from '../../expr/edit/nodePaths.js';
import { withArgs } from '../../expr/types.js';
import type { ShrinkCandidate, ShrinkMove } from '../types.js';
import { allPaths } from './allPaths.js';

/** Drop one term of a sum or one factor of a product (`x + 544^x^2 + 628*x` → `544^x^2 + 628*x` …). */
export const deleteOperand: ShrinkMove = {
  name: 'delete-operand',
  candidates(tree) {
    const out: ShrinkCandidate[] = [];
    for (const { path, node } of allPaths(tree)) {
      if ((node.type !== 'add' && node.type !== 'mul') || node.args.length < 2) continue;
      for (let i = 0; i < node.args.length; i++) {
        const rest = node.args.filter((_, j) => j !== i);
        out.push({ move: 'delete-operand', path, expr: replaceAt(tree, path, withArgs(node, rest)) });
      }
    }
    return out;
  },
};
