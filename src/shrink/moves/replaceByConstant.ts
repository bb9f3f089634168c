import { replaceAt } from '../../expr/edit/nodePaths.js';
import { isLeaf, num } from '../../expr/types.js';
import type { ShrinkCandidate, ShrinkMove } from '../types.js';
import { allPaths } from './allPaths.js';
import { SMALL_CONSTANTS } from './smallConstants.js';

/** Replace a compound subtree by a small constant (`x*sin(x) + cos(x)^3` → `x*sin(x) + 2`); numbers themselves are `simplify-constant`'s. */
export const replaceByConstant: ShrinkMove = {
  name: 'replace-by-constant',
  candidates(tree) {
    const out: ShrinkCandidate[] = [];
    for (const { path, node } of allPaths(tree)) {
      if (isLeaf(node)) continue;
      for (const c of SMALL_CONSTANTS) out.push({ move: 'replace-by-constant', path, expr: replaceAt(tree, path, num(c)) });
    }
    return out;
  },
};
