import { replaceAt } from '../../expr/edit/nodePaths.js';
import { isLeaf } from '../../expr/types.js';
import type { ShrinkCandidate, ShrinkMove } from '../types.js';
import { allPaths } from './allPaths.js';

/** Replace a subtree by one of its children (`sin(x^2)` → `x^2`, `544^x^2` → `x^2`); deeper descendants come by repeating it. */
export const replaceByChild: ShrinkMove = {
  name: 'replace-by-child',
  candidates(tree) {
    const out: ShrinkCandidate[] = [];
    for (const { path, node } of allPaths(tree)) {
      if (isLeaf(node)) continue;
      for (const child of node.args) out.push({ move: 'replace-by-child', path, expr: replaceAt(tree, path, child) });
    }
    return out;
  },
};
