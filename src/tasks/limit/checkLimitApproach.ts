import { compileReal } from '../../expr/evalReal.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import { defaultDirection, limitPointOf, type LimitParams } from './limitParams.js';

/** Distances from a finite point (and, towards an infinity, the points) f is tried at. */
const STEPS: readonly number[] = [1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8];
/** Of those, how many must give a real value (finite or infinite): a limit needs f defined near the point. */
const NEEDED = 4;

/**
 * The constraint of the `limit` task: f must be real near the point on every side it is
 * approached from (`sqrt(x)` has no limit as x → -1, nor from the left at 0), tried in double
 * precision at 10^-2 … 10^-8 from a finite point, at 10^2 … 10^8 towards an infinity; and the
 * direction must be one that point allows. Deterministic and cheap.
 */
export function checkLimitApproach(f: Expr, params: LimitParams): { ok: true } | { ok: false; reason: string } {
  const { point, direction } = params;
  const at = limitPointOf(point);
  const shown = `${clip(toInfix(f), 60)} as x → ${clip(toInfix(point), 30)}`;
  if (at.kind === 'infinite' && direction !== defaultDirection(point))
    return { ok: false, reason: `at ${toInfix(point)} the only direction is ${defaultDirection(point)}` };
  const real = compileReal(f);
  if (real === undefined) return { ok: false, reason: `${shown}: f cannot be evaluated near the point` };
  let xs: number[][];
  if (at.kind === 'infinite') xs = [STEPS.map((s) => at.sign / s)];
  else {
    const base = compileReal(at.at)?.(0) ?? NaN;
    if (!Number.isFinite(base)) return { ok: false, reason: `the point ${clip(toInfix(point), 30)} is not a real number` };
    const sides = direction === '+-' ? [1, -1] : [direction === '+' ? 1 : -1];
    xs = sides.map((side) => STEPS.map((s) => base + side * s * Math.max(1, Math.abs(base))));
  }
  for (const side of xs) {
    const defined = side.filter((x) => !Number.isNaN(real(x))).length;
    if (defined < NEEDED)
      return { ok: false, reason: `${shown}${direction === '+-' || at.kind === 'infinite' ? '' : direction}: f has no real value near the point` };
  }
  return { ok: true };
}
