import type { Evaluated } from './evalComplex.js';

/** How one point compares in doubles (see compareDoubles). */
export type PointVerdict = 'agree' | 'differ' | 'suspect' | 'undecided' | 'tiny';

/** A double-precision agreement counts only when the error bound resolves the values to this
 * relative accuracy (otherwise agreement "within the bound" would say nothing). */
const REL_RESOLVED = 1e-9;
/** Relative slack on top of the error bound for agreement: only rounding of the final comparison.
 * (A looser tolerance would let 59x^12 - 59/(x-9) pass for 59x^12 - 58/(x-9) at x > 9.) */
const REL_AGREE = 1e-15;
/** Relative difference beyond which, with the error bound well below it, doubles decide `incorrect`. */
const REL_DISAGREE = 1e-8;
/** Below this magnitude a double is underflow debris: two such values agreeing proves nothing. */
const TINY = 1e-280;

/**
 * Compare f and g (f and F' for an antiderivative; the two sides of an equation for an ODE) from
 * their double values and error bounds. `agree` only when the bound resolves both to REL_RESOLVED
 * (so a large bound cannot make different values "agree"), and neither is underflow debris;
 * `differ` only when the difference is well beyond the bound; `suspect` when the difference is
 * beyond the bound by too little to decide in doubles; `tiny` when both are underflow debris.
 *
 * `f` is real (its imaginary part, within its error bound, is not looked at) unless `fComplex`.
 */
export function compareDoubles(f: Evaluated, g: Evaluated, fComplex = false): PointVerdict {
  const diff = fComplex ? Math.hypot(f.re - g.re, f.im - g.im) : Math.hypot(f.re - g.re, g.im);
  const scale = Math.max(fComplex ? Math.hypot(f.re, f.im) : Math.abs(f.re), Math.hypot(g.re, g.im));
  const bound = f.err + g.err;
  if (!Number.isFinite(bound)) return 'undecided';
  if (diff === 0 && bound === 0) return 'agree'; // exact arithmetic on both sides
  if (diff > 8 * bound && diff > REL_DISAGREE * scale) return 'differ';
  if (diff > 8 * bound + REL_AGREE * scale && bound <= REL_RESOLVED * scale && scale > TINY) return 'suspect';
  // Both sides lost to underflow: the point says nothing, and re-checking it in decimals is slow.
  if (scale <= TINY) return 'tiny';
  if (scale > TINY && bound <= REL_RESOLVED * scale && diff <= 8 * bound + REL_AGREE * scale) return 'agree';
  return 'undecided';
}
