import { nodeAt, numberPaths, replaceAt } from '../src/expr/edit/nodePaths.js';
import { num, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/** The largest step a number of a near relative is moved by. */
export const NEAR_RELATIVE_SHIFT = 10;

/**
 * A near relative of a part of a problem: half the time one of its numbers moved by 1 to
 * NEAR_RELATIVE_SHIFT either way, else (and always when it has no number) `mutateCopy` of it, the
 * run's own mutation. Duplication and quotient set a part beside such a relative, `x + 3` beside
 * `x + 5`: the related parts integrators split, expand or cancel.
 */
export function nearRelative(node: Expr, rng: Rng, mutateCopy: (copy: Expr) => Expr): Expr {
  const numbers = numberPaths(node);
  if (numbers.length > 0 && rng.next() < 0.5) {
    const path = rng.pick(numbers);
    const n = nodeAt(node, path);
    const step = rng.int(1, NEAR_RELATIVE_SHIFT) * (rng.next() < 0.5 ? -1 : 1);
    return replaceAt(node, path, num((n.type === 'num' ? n.value : 0) + step));
  }
  return mutateCopy(node);
}
