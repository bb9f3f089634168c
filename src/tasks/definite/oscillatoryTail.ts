import type { Decimal } from 'decimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { Integrand } from './createIntegrand.js';
import { decimalContext } from './decimalContext.js';
import type { Oscillation } from './findOscillation.js';
import { formatDecimal } from './formatDecimal.js';
import { levinSum } from './levinSum.js';
import { tanhSinh } from './tanhSinh.js';
import type { TanhSinhGoal } from './tanhSinhGoal.js';

/** Half periods integrated before the sum is first accelerated, and at most. */
const MIN_PIECES = 12;
const MAX_PIECES = 64;
/** The acceleration's last change is trusted only this many times over. */
const CHANGE_SAFETY = 10;
/** The terms must shrink: the last ones at most this share of those halfway (sin(x) on [0, ∞) has none). */
const DECAY = 0.75;

export type TailResult =
  | { readonly ok: true; readonly value: Decimal; readonly error: Decimal; readonly cut: Decimal; readonly points: number }
  | { readonly ok: false; readonly reason: string; readonly why: 'diverges' | 'exhausted' | 'timeout' | 'undefined'; readonly points: number };

/**
 * ∫ f over the tail beyond `from` (toward +∞ for direction 1, −∞ for −1) of an oscillating
 * integrand, cut where its slowest factor vanishes: from the first such point `cut` at least a
 * period beyond `from` (the caller integrates up to it), f is integrated over each half period by
 * tanh-sinh, and the series of pieces, or of whole periods, is summed by the Levin u-transform
 * (levinSum.ts), adding pieces until two orders agree to the goal. Half periods suit a factor that
 * enters linearly (sin(x)/x alternates), whole periods one that enters squared or beside a constant
 * ((1 − cos x)/x² is smooth period by period); the better settled of the two is taken. The pieces
 * must shrink, or the tail is said not to converge.
 */
export function oscillatoryTail(f: Integrand, from: Decimal, direction: 1 | -1, osc: Oscillation, goal: TanhSinhGoal, meter: WorkMeter): TailResult {
  const { D, PI } = decimalContext(f.digits);
  const half = PI.div(osc.k);
  // Zeros of the slowest factor: k·x + c − phase·π = mπ.
  const zero = (m: Decimal) => m.times(PI).plus(PI.times(osc.phase)).minus(osc.c).div(osc.k);
  const start = from.plus(half.times(2 * direction));
  const m0 = start.times(osc.k).plus(osc.c).div(PI).minus(osc.phase);
  const first = direction === 1 ? m0.ceil() : m0.floor();
  const cut = zero(first);
  const pieces: Decimal[] = [];
  let points = 0;
  const pieceGoal: TanhSinhGoal = { relative: goal.relative / 100, absolute: goal.absolute / 1000, maxLevel: 8 };
  // The accelerated sums of each series at the previous even count of pieces.
  const previous: (Decimal | undefined)[] = [undefined, undefined];
  let best: { value: Decimal; error: Decimal } | undefined;
  for (let n = 0; n < MAX_PIECES; n++) {
    const p = zero(first.plus(n * direction));
    const q = zero(first.plus((n + 1) * direction));
    const r = tanhSinh(f, [direction === 1 ? { kind: 'finite', a: p, b: q } : { kind: 'finite', a: q, b: p }], pieceGoal, meter);
    points += r.points;
    if (!r.ok) {
      const why = r.why === 'exhausted' || r.why === 'timeout' || r.why === 'undefined' ? r.why : 'diverges';
      return { ok: false, why, reason: `a half period of the oscillating tail from x = ${formatDecimal(p, 8)}: ${r.reason}`, points };
    }
    pieces.push(r.value);
    if (pieces.length < MIN_PIECES || pieces.length % 2 !== 0) continue;
    const halfway = pieces.length / 2;
    const wholes = Array.from({ length: halfway }, (_, i) => pieces[2 * i].plus(pieces[2 * i + 1]));
    best = undefined;
    for (const [i, series, mid] of [
      [0, pieces, halfway],
      [1, wholes, Math.floor(halfway / 2)],
    ] as const) {
      const estimate = shrinks(series, mid) ? levinSum(series, f.digits) : undefined;
      const before = previous[i];
      previous[i] = estimate?.value;
      if (estimate === undefined || before === undefined) continue;
      // Trusted as far as it moved: between the last two orders, and since two pieces fewer (which
      // also shows the quadrature's errors of the pieces once the transform starts to amplify them).
      const moved = estimate.change.gt(estimate.value.minus(before).abs()) ? estimate.change : estimate.value.minus(before).abs();
      const error = moved.times(CHANGE_SAFETY);
      if (best === undefined || error.lt(best.error)) best = { value: estimate.value, error };
    }
    if (best === undefined) continue;
    const target = best.value.abs().times(goal.relative);
    const enough = target.gt(goal.absolute) ? target : new D(goal.absolute);
    if (best.error.lte(enough)) return { ok: true, value: best.value, error: best.error, cut, points };
  }
  const settled = best === undefined ? 'its pieces do not shrink' : `its sum still changes by ${formatDecimal(best.error, 3)}`;
  return {
    ok: false,
    why: 'diverges',
    reason: `the oscillating tail from x = ${formatDecimal(cut, 8)} does not converge within ${MAX_PIECES} half periods (${settled})`,
    points,
  };
}

/** The last terms at most DECAY of those around `mid`: the series' terms vanish. */
function shrinks(xs: readonly Decimal[], mid: number): boolean {
  return maxAbs(xs.slice(-2)).lte(maxAbs(xs.slice(mid - 1, mid + 1)).times(DECAY));
}

function maxAbs(xs: readonly Decimal[]): Decimal {
  return xs.reduce((m, x) => (x.abs().gt(m) ? x.abs() : m), xs[0].abs());
}
