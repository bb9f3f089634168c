import { toInfix } from '../expr/toInfix.js';
import { hasX, type Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import { compareShrinkSize } from './compareShrinkSize.js';
import { SHRINK_MOVES } from './shrinkMoves.js';
import { shrinkSize, type ShrinkSize } from './shrinkSize.js';
import type { CheckCandidate, ShrinkMoveName } from './types.js';

/** A candidate that passed the check: simplified, keyed, measured, and where it stands in the probing order. */
export interface CheckedCandidate {
  readonly move: ShrinkMoveName;
  readonly expr: Expr;
  readonly key: string;
  readonly infix: string;
  readonly size: ShrinkSize;
  /** 0: delete a term or factor; 1: replace a subtree by a child; 2: the small steps (x, a constant, a simpler number). */
  readonly stride: number;
  /** Depth of the node the move was made at (0: the root). */
  readonly depth: number;
  /** Its signature is a known bug's: probed before anything else. */
  readonly known: boolean;
}

/**
 * Big steps keep most of the problem and drop a whole part (a term or factor first: it keeps the
 * rest as it was); small ones change a leaf or a number.
 */
const STRIDE: Readonly<Record<ShrinkMoveName, number>> = {
  'delete-operand': 0,
  'replace-by-child': 1,
  'replace-by-x': 2,
  'replace-by-constant': 2,
  'simplify-constant': 2,
};

/**
 * Every problem one move away from `current` that passes the candidate check, still contains x, is
 * strictly smaller than `size` and not `skip`ped (already probed), once per canonical key, in the
 * order they are probed: first any that has the signature of a bug found before (`known`: a
 * failure near a known bug is most likely that bug, and one probe settles it); then big steps
 * (delete a term or factor, then replace a subtree by a child), each top down (moves at the root
 * first), the largest cut first; then the small steps, in the same order. Like C-Reduce, the probes that keep most of the failing problem come first, because they
 * are the likeliest to fail still; the tiny candidates a smallest-first order starts with rarely
 * do. Ties are ordered by `rng` (a shuffle before the stable sort), so the order is a function of
 * the seed alone.
 */
export function shrinkCandidates(
  current: Expr,
  size: ShrinkSize,
  check: CheckCandidate,
  rng: Rng,
  skip: (key: string) => boolean,
  known: (candidate: Expr) => boolean = () => false,
): CheckedCandidate[] {
  const byKey = new Map<string, CheckedCandidate>();
  for (const move of SHRINK_MOVES) {
    for (const candidate of move.candidates(current)) {
      const checked = check(candidate.expr);
      if (!checked.ok || !hasX(checked.expr) || skip(checked.key)) continue;
      const stride = STRIDE[candidate.move];
      const depth = candidate.path.length;
      const known = byKey.get(checked.key);
      // The same problem reached by a bigger step, or higher up, is probed at that earlier place.
      if (known !== undefined && (known.stride < stride || (known.stride === stride && known.depth <= depth))) continue;
      const infix = toInfix(checked.expr);
      const candidateSize = shrinkSize(checked.expr, infix);
      if (compareShrinkSize(candidateSize, size) >= 0) continue;
      byKey.set(checked.key, { move: candidate.move, expr: checked.expr, key: checked.key, infix, size: candidateSize, stride, depth, known: false });
    }
  }
  const candidates = [...byKey.values()].map((c) => (known(c.expr) ? { ...c, known: true } : c));
  return rng
    .shuffle(candidates)
    .sort((a, b) => Number(b.known) - Number(a.known) || a.stride - b.stride || a.depth - b.depth || compareShrinkSize(a.size, b.size));
}
