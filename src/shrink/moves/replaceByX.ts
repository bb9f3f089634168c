import { replaceAt } from '../../expr/edit/nodePaths.js';
import { X } from '../../expr/types.js';
import type { ShrinkCandidate, ShrinkMove } from '../types.js';
import { allPaths } from './allPaths.js';

/** Replace a subtree (or a number) by `x` (`sin(3*x + 1)` → `sin(x)`, `544^x^2` → `x^x^2`). */
export const replaceByX: ShrinkMove = {
  name: 'replace-by-x',
  candidates(tree) {
    const out: ShrinkCandidate[] = [];
    for (const { path, node } of allPaths(tree)) {
      if (node.type === 'sym' && node.name === 'x') continue;
      out.push({ move: 'replace-by-x', path, expr: replaceAt(tree, path, X) });
    }
    return out;
  },
};
