import { nodeAt, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { countNodes } from '../src/expr/metrics.js';
import { simplify } from '../src/expr/simplify.js';
import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/** Draws of a part of the parent before settling for a leaf of it. */
const PART_DRAWS = 8;

/**
 * A given problem (a `near:` target) with one of its parts replaced by a part of the parent of
 * about its size: at most 1 + 2 × the nodes of the part it replaces (size-fair crossover). The
 * child keeps most of the target's structure around a part that may carry the parent's bug, and
 * starts from the target every time, so grafts do not pile up over generations into problems that
 * repeat the target's parts (which a cosine of structure counts would still call close).
 */
export function graft(parent: Expr, target: Expr, rng: Rng): Expr {
  const at = randomNodePath(target, rng, 'any');
  const room = 1 + 2 * countNodes(nodeAt(target, at)).nodes;
  let part: Expr | null = null;
  for (let i = 0; i < PART_DRAWS && part === null; i++) {
    const candidate = nodeAt(parent, randomNodePath(parent, rng, 'any'));
    if (countNodes(candidate).nodes <= room) part = candidate;
  }
  return simplify(replaceAt(target, at, part ?? nodeAt(parent, randomNodePath(parent, rng, 'leaf'))));
}
