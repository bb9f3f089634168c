import { compareDecimals } from './compareDecimals.js';
import type { PointTally } from './comparePointsInDoubles.js';
import type { DecimalEvaluator } from './evalDecimal.js';
import type { WorkMeter } from './workMeter.js';

/** At most this many points per pair are re-checked at high precision (they are slow). */
const MAX_HIGH_PRECISION_POINTS = 16;
/** Re-checked at high precision when enough points already agree in doubles: a difference
 * hiding below double resolution is still looked for, at a smaller cost. */
const SETTLED_HIGH_PRECISION_POINTS = 4;
/** Agreements after which the re-check of an integrand that vanishes identically stops. */
const VANISHING_ENOUGH = 12;

export type Recheck =
  /** The budget or the backstop ended the re-check at `x` before enough points agreed. */
  | { readonly kind: 'stopped'; readonly stop: 'exhausted' | 'timeout'; readonly x: number }
  /** F' ≠ f at `x`, stably between two precisions. */
  | { readonly kind: 'differs'; readonly x: number; readonly detail: string }
  | {
      readonly kind: 'done';
      /** Points neither doubles nor decimals could decide. */
      readonly undecided: number;
      /** Agreeing points where both sides vanish (the difference shrinks with the precision). */
      readonly vanishing: number;
      /** Set when the budget or the backstop ended a re-check of a pair already settled in doubles. */
      readonly cutShort?: { readonly stop: 'exhausted' | 'timeout'; readonly left: number };
    };

/**
 * Pass 2: the points of `tally` that the error bounds of doubles left open, re-evaluated in decimals
 * (`decimalF`, `decimalD` at each precision level), adding the agreements to `tally`. `settled`:
 * enough points already agree in doubles, so only a suspect point can change the verdict.
 */
export function recheckInDecimals(
  tally: PointTally,
  settled: boolean,
  decimalF: (level: number) => DecimalEvaluator,
  decimalD: (level: number) => DecimalEvaluator,
  meter: WorkMeter,
): Recheck {
  const { suspects, queued } = tally;
  // Suspects with small |x| first: decimals are cheapest there, with the least cancellation. Points
  // the bounds could not resolve stay in sample order, which spans the domain's scales.
  suspects.sort((a, b) => Math.abs(a) - Math.abs(b));
  // Once enough points agree, only a suspect point can change the verdict: re-check those. Points
  // the bound merely cannot resolve are worth their cost only while agreements are still needed.
  const candidates = settled ? suspects : [...suspects, ...queued];
  queued.push(...suspects);
  const recheck = Math.min(candidates.length, settled ? SETTLED_HIGH_PRECISION_POINTS : MAX_HIGH_PRECISION_POINTS);
  let undecided = queued.length - recheck;
  let vanishing = 0;
  for (let q = 0; q < recheck; q++) {
    const x = candidates[q];
    const high = compareDecimals(x, decimalF, decimalD, meter);
    if (high.verdict === 'exhausted' || high.verdict === 'timeout') {
      // Already settled in doubles: the re-check looks for a difference hiding below double
      // resolution, and running out of work means none was found, not that the answer is in doubt.
      if (settled) return { kind: 'done', undecided, vanishing, cutShort: { stop: high.verdict, left: recheck - q } };
      return { kind: 'stopped', stop: high.verdict, x };
    }
    if (high.verdict === 'agree') {
      tally.agree++;
      if (high.detail === 'vanishing') vanishing++;
      tally.lo = Math.min(tally.lo, x);
      tally.hi = Math.max(tally.hi, x);
      // Re-checks at three precisions are costly: once a vanishing integrand has agreed at enough
      // points spread over the domain, more of them add nothing.
      if (vanishing > 0 && tally.agree >= VANISHING_ENOUGH) break;
    } else if (high.verdict === 'differ') {
      return { kind: 'differs', x, detail: high.detail };
    } else undecided++;
  }
  return { kind: 'done', undecided, vanishing };
}
