import type { Decimal } from 'decimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { Integrand } from './createIntegrand.js';
import { decimalContext } from './decimalContext.js';
import { formatDecimal } from './formatDecimal.js';
import { marchSide, type RunningSums, type SideMarch } from './marchSide.js';
import type { QuadraturePanel } from './quadraturePanel.js';
import { tailBeyond } from './tailBeyond.js';
import { goalThreshold, type TanhSinhGoal } from './tanhSinhGoal.js';
import type { QuadratureResult } from './types.js';

/** Levels below this never decide: at steps of 1/2 and 1/4 two sums can agree by accident. */
const MIN_LEVEL = 3;

/**
 * ∫ f over `panels` by tanh-sinh quadrature at f's precision: levels of step 1, 1/2, 1/4 … (each
 * reusing the nodes before it), each side of each panel marched outward from the middle
 * (marchSide.ts).
 *
 * The error bound after level k is the change from level k−1 (tanh-sinh roughly doubles the correct
 * digits per level, so this overstates the error of level k), plus what lies beyond the last node of
 * each side (tailBeyond.ts), plus the rounding noise of every term. The result is accepted from
 * MIN_LEVEL on, when that bound meets the goal and the previous level already agreed to two digits
 * (so that two sums agreeing by accident at a coarse level decide nothing). An end whose terms do
 * not vanish fails at once (`diverges`), as does an error that is rounding's (`precision`: more
 * digits would help). Every evaluation is paid from `meter`.
 */
export function tanhSinh(f: Integrand, panels: readonly QuadraturePanel[], goal: TanhSinhGoal, meter: WorkMeter): QuadratureResult {
  const { D, ZERO, ONE } = decimalContext(f.digits);
  if (f.missing !== undefined) {
    return { ok: false, why: 'unsupported', reason: `${f.missing} has no high-precision evaluation here`, points: 0 };
  }
  const sums: RunningSums = { sum: ZERO, abs: ZERO, noise: ZERO, points: 0 };
  let previous: Decimal | undefined;
  let previousChange: Decimal | undefined;
  for (let level = 0; level <= goal.maxLevel; level++) {
    const sides: SideMarch[] = [];
    for (const panel of panels) {
      for (const side of [1, -1] as const) {
        const m = marchSide(f, panel, side, level, goal, sums, meter);
        if ('ok' in m) return m;
        sides.push(m);
      }
    }
    const h = new D(2).pow(-level);
    const value = sums.sum.times(h);
    const l1 = sums.abs.times(h);
    const noise = sums.noise.times(h);
    // Two nodes of one side at this level are two steps apart (one at level 0).
    const step = level === 0 ? 1 : 2 / 2 ** level;
    let edge = ZERO;
    let roundedEdge = ZERO;
    let openEdge = ZERO;
    for (const s of sides) {
      const tail = tailBeyond(s, step);
      edge = edge.plus(tail);
      if (s.end === 'rounded') roundedEdge = roundedEdge.plus(tail);
      if (s.end === 't-max') openEdge = openEdge.plus(tail);
    }
    const change = previous === undefined ? undefined : value.minus(previous).abs();
    const target = goalThreshold(goal, l1, value);
    if (change !== undefined && level >= MIN_LEVEL) {
      // Tanh-sinh's error shrinks faster than geometrically from level to level: the change from the
      // last level, scaled down by the square root of the last ratio of changes, still bounds the
      // error whenever that ratio is below 0.38 (and a slower sequence never gets near a goal).
      const ratio = previousChange === undefined || previousChange.isZero() ? ONE : change.div(previousChange);
      const levelError = ratio.lt(1) ? change.times(ratio.sqrt()) : change;
      const error = levelError.plus(edge).plus(noise);
      const points = sums.points;
      if (error.lte(target) && previousChange !== undefined && previousChange.lte(l1.times(1e-2))) {
        return { ok: true, value, error, l1, digits: f.digits, level, points };
      }
      // An end whose terms are still large at t = MAX_T, or do not shrink, will not improve at finer steps.
      if (openEdge.gt(target) || !roundedEdge.isFinite()) {
        const last = openEdge.isFinite()
          ? `the part beyond the last nodes is about ${formatDecimal(openEdge, 3)}, the goal ${formatDecimal(target, 3)}`
          : 'its terms grow toward the end';
        return {
          ok: false,
          why: 'diverges',
          reason: `the integrand does not vanish fast enough toward an end of the interval (${last})`,
          value,
          error,
          points,
        };
      }
      if (noise.plus(roundedEdge).gt(target)) {
        const reason = `${f.digits} digits are not enough: rounding noise ${formatDecimal(noise, 3)} and ends reached at this precision ${formatDecimal(roundedEdge, 3)} against a goal of ${formatDecimal(target, 3)}`;
        return { ok: false, why: 'precision', reason, value, error, points };
      }
    }
    previous = value;
    previousChange = change;
  }
  const value = previous ?? ZERO;
  const error = previousChange ?? value.abs();
  return {
    ok: false,
    why: 'diverges',
    reason: `no convergence by step 2^-${goal.maxLevel} (${sums.points} points): the last two levels differ by ${formatDecimal(error, 3)} on a value of ${formatDecimal(value, 12)}`,
    value,
    error,
    points: sums.points,
  };
}
