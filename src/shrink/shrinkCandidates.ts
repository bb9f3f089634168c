import { toInfix } from '../expr/toInfix.js';
import { hasX, type Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import { compareShrinkSize } from './compareShrinkSize.js';
import { SHRINK_MOVES } from './shrinkMoves.js';
import { shrinkSize, type ShrinkSize } from './shrinkSize.js';
import type { CheckCandidate, ShrinkMoveName } from './types.js';

/** A candidate that passed the check: simplified, keyed, measured. */
export interface CheckedCandidate {
  readonly move: ShrinkMoveName;
  readonly expr: Expr;
  readonly key: string;
  readonly infix: string;
  readonly size: ShrinkSize;
}

/**
 * Every problem one move away from `current` that passes the candidate check, still contains x, is
 * strictly smaller than `size` and not `skip`ped (already probed), once per canonical key, smallest
 * first. Candidates of equal size are ordered by `rng` (a shuffle before the stable sort), so the
 * order is a function of the seed alone.
 */
export function shrinkCandidates(current: Expr, size: ShrinkSize, check: CheckCandidate, rng: Rng, skip: (key: string) => boolean): CheckedCandidate[] {
  const byKey = new Map<string, CheckedCandidate>();
  for (const move of SHRINK_MOVES) {
    for (const candidate of move.candidates(current)) {
      const checked = check(candidate.expr);
      if (!checked.ok || !hasX(checked.expr) || byKey.has(checked.key) || skip(checked.key)) continue;
      const infix = toInfix(checked.expr);
      const candidateSize = shrinkSize(checked.expr, infix);
      if (compareShrinkSize(candidateSize, size) >= 0) continue;
      byKey.set(checked.key, { move: candidate.move, expr: checked.expr, key: checked.key, infix, size: candidateSize });
    }
  }
  return rng.shuffle([...byKey.values()]).sort((a, b) => compareShrinkSize(a.size, b.size));
}
