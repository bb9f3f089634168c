import type { Decimal } from 'decimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { Integrand } from './createIntegrand.js';
import { decimalContext } from './decimalContext.js';
import { formatDecimal } from './formatDecimal.js';
import { panelPoint, type QuadraturePanel } from './quadraturePanel.js';
import { MAX_NODE_LEVEL, MAX_T, tanhSinhNode } from './tanhSinhNode.js';
import type { QuadratureResult } from './types.js';

export interface TanhSinhGoal {
  /** Relative accuracy sought, against max(|∫f|, CANCELLATION_FLOOR·∫|f|). */
  readonly relative: number;
  /** Absolute accuracy that is enough whatever the size of the integral (0: none). */
  readonly absolute: number;
  /** Finest level: step 2^-maxLevel. */
  readonly maxLevel: number;
}

/**
 * An integral that cancels to below this share of ∫|f| is judged against ∫|f| instead of its own
 * size: ∫₋₁¹ x³ dx = 0 can only be known to some digits of the scale of what cancelled.
 */
export const CANCELLATION_FLOOR = 1e-8;

/** Levels below this never decide: at steps of 1/2 and 1/4 two sums can agree by accident. */
const MIN_LEVEL = 3;
/** Terms smaller than this share of the goal are negligible; two in a row end a side's march. */
const NEGLIGIBLE_SHARE = 1e-3;
/** Nodes with q below this are near an end of their panel. */
const NEAR_END = 1e-3;
/** A side's march is never ended by negligible terms before this t (a feature away from the middle
 * must not be skipped because the middle is small). */
const T_MIN = 1;

/** How one side of one panel ended its march at the current level. */
interface SideState {
  /** |weight·f| of the last node evaluated, and of the one before it (same side and level). */
  last: Decimal;
  beforeLast: Decimal;
  /** `negligible`: terms vanished; `rounded`: nodes reach the end at this precision; `t-max`: no node further out. */
  end: 'negligible' | 'rounded' | 't-max';
}

/**
 * What lies beyond a side's last node, in the integral over t: its last term over the rate at which
 * the terms were shrinking there (per unit of t). Terms of tanh-sinh shrink ever faster outward, so
 * the rate between the last two nodes understates the rate beyond and the estimate is an upper
 * bound. Terms that do not shrink at all give Infinity.
 */
function tailBeyond(s: SideState, step: number): Decimal {
  if (s.last.isZero()) return s.last;
  if (s.beforeLast.isZero() || s.beforeLast.lte(s.last)) return s.last.div(0).abs();
  const rate = (log10(s.beforeLast) - log10(s.last)) * Math.LN10 / step;
  return s.last.div(rate);
}

/** log10 of a positive decimal from its exponent and leading digits (a double's accuracy is plenty). */
function log10(v: Decimal): number {
  const [lead, next = 0] = v.d;
  return v.e + Math.log10(lead + next / 1e7) - Math.floor(Math.log10(lead));
}

/**
 * ∫ f over `panels` by tanh-sinh quadrature at f's precision: levels of step 1, 1/2, 1/4 … (each
 * reusing the nodes before it), each side of each panel marched outward from the middle until its
 * terms are negligible, its nodes round onto the end, or t reaches MAX_T.
 *
 * The error bound after level k is the change from level k−1 (tanh-sinh roughly doubles the correct
 * digits per level, so this overstates the error of level k), plus the size of the last term on
 * each side (what lies beyond the nodes), plus the rounding noise of every term. The result is
 * accepted from MIN_LEVEL on, when that bound meets the goal and the previous level already agreed
 * to two digits (so that two sums agreeing by accident at a coarse level decide nothing).
 *
 * A point where f has no real value is `undefined`; far out toward an infinite end, where decimal.js
 * gives up on exp(-x) at x = 10^5, doubles are asked instead (a value that underflows there is 0).
 * Every evaluation is paid from `meter`.
 */
export function tanhSinh(f: Integrand, panels: readonly QuadraturePanel[], goal: TanhSinhGoal, meter: WorkMeter): QuadratureResult {
  const { D, ZERO, ONE } = decimalContext(f.digits);
  if (f.missing !== undefined) {
    return { ok: false, why: 'unsupported', reason: `${f.missing} has no high-precision evaluation here`, points: 0 };
  }
  const sides: SideState[][] = panels.map(() => [
    { last: ZERO, beforeLast: ZERO, end: 'negligible' },
    { last: ZERO, beforeLast: ZERO, end: 'negligible' },
  ]);
  // Raw sums over every node so far (the step is applied per level): Σ w·f, Σ |w·f|, Σ w·noise.
  let sum = ZERO;
  let sumAbs = ZERO;
  let sumNoise = ZERO;
  let points = 0;
  let previous: Decimal | undefined;
  let previousChange: Decimal | undefined;
  const nearEnd = new D(10).pow(-Math.floor(f.digits / 2));

  for (let level = 0; level <= goal.maxLevel; level++) {
    const stride = 2 ** (MAX_NODE_LEVEL - level);
    for (let p = 0; p < panels.length; p++) {
      for (const side of [1, -1] as const) {
        const state = sides[p][side === 1 ? 0 : 1];
        state.last = ZERO;
        state.beforeLast = ZERO;
        let negligibleRun = 0;
        // Level 0 takes t = 0 (once, on side +1) and every integer t; later levels the odd multiples of their step.
        for (let j = level > 0 ? 1 : side === 1 ? 0 : 1; ; j += level > 0 ? 2 : 1) {
          const index = j * stride;
          const node = tanhSinhNode(f.digits, index);
          if (node.t > MAX_T) {
            state.end = 't-max';
            break;
          }
          const point = panelPoint(panels[p], node, side);
          if (point === 'endpoint') {
            state.end = 'rounded';
            break;
          }
          let value: Decimal;
          let noise: Decimal;
          const r = f.at(point.x, meter);
          if (r === 'exhausted' || r === 'timeout') return stopped(r, points);
          if (r === null) {
            // Decimals have no value here: far toward infinity doubles may (exp(-x) underflowing to 0);
            // next to a finite end it is rounding (1 - x^2 a hair below 0), the end of this side.
            const d = point.towardInfinity ? f.atDouble(point.x.toNumber(), meter) : null;
            if (d === null) {
              if (!point.towardInfinity && node.q.lt(nearEnd)) {
                state.end = 'rounded';
                break;
              }
              if (point.towardInfinity) {
                return {
                  ok: false,
                  why: 'diverges',
                  reason: `the integrand cannot be evaluated at x = ${formatDecimal(point.x, 6)}, far out toward infinity, where its terms are not yet negligible`,
                  points,
                };
              }
              return { ok: false, why: 'undefined', reason: `the integrand has no real value at x = ${formatDecimal(point.x, 12)}`, points };
            }
            value = new D(d.value);
            noise = new D(d.error);
          } else if (!r.reliable && node.q.lt(NEAR_END)) {
            // No digit of f survives this close to the end (0/0 rounding away): the side ends here,
            // and what lies beyond is estimated from the terms before.
            state.end = 'rounded';
            break;
          } else {
            value = r.value;
            noise = r.noise;
          }
          points++;
          const term = point.weight.times(value);
          sum = sum.plus(term);
          sumAbs = sumAbs.plus(term.abs());
          sumNoise = sumNoise.plus(point.weight.times(noise));
          state.beforeLast = state.last;
          state.last = term.abs();
          const negligible = state.last.lte(threshold(goal, sumAbs).times(NEGLIGIBLE_SHARE));
          negligibleRun = negligible ? negligibleRun + 1 : 0;
          if (negligibleRun >= 2 && node.t >= T_MIN) {
            state.end = 'negligible';
            break;
          }
        }
      }
    }
    const h = new D(2).pow(-level);
    const value = sum.times(h);
    const l1 = sumAbs.times(h);
    const noise = sumNoise.times(h);
    // Between two nodes of one side at this level, t moves by the step (2 at level 0's odd start aside).
    const step = level === 0 ? 1 : 2 / 2 ** level;
    let edge = ZERO;
    let roundedEdge = ZERO;
    let openEdge = ZERO;
    for (const pair of sides) {
      for (const s of pair) {
        const tail = tailBeyond(s, step);
        edge = edge.plus(tail);
        if (s.end === 'rounded') roundedEdge = roundedEdge.plus(tail);
        if (s.end === 't-max') openEdge = openEdge.plus(tail);
      }
    }
    const change = previous === undefined ? undefined : value.minus(previous).abs();
    const target = threshold(goal, l1, value);
    if (change !== undefined && level >= MIN_LEVEL) {
      // Tanh-sinh's error shrinks faster than geometrically from level to level: the change from the
      // last level, scaled down by the square root of the last ratio of changes, still bounds the
      // error whenever that ratio is below 0.38 (and a slower sequence never gets near a goal).
      const ratio = previousChange === undefined || previousChange.isZero() ? ONE : change.div(previousChange);
      const levelError = ratio.lt(1) ? change.times(ratio.sqrt()) : change;
      const error = levelError.plus(edge).plus(noise);
      if (error.lte(target) && previousChange !== undefined && previousChange.lte(l1.times(1e-2))) {
        return { ok: true, value, error, l1, digits: f.digits, level, points };
      }
      // An end whose terms are still large at t = MAX_T, or do not shrink, will not improve at finer steps.
      if (openEdge.gt(target) || !roundedEdge.isFinite()) {
        const last = openEdge.isFinite() ? `the part beyond the last nodes is about ${formatDecimal(openEdge, 3)}, the goal ${formatDecimal(target, 3)}` : 'its terms grow toward the end';
        return { ok: false, why: 'diverges', reason: `the integrand does not vanish fast enough toward an end of the interval (${last})`, value, error, points };
      }
      if (noise.plus(roundedEdge).gt(target)) {
        return {
          ok: false,
          why: 'precision',
          reason: `${f.digits} digits are not enough: rounding noise ${formatDecimal(noise, 3)} and ends reached at this precision ${formatDecimal(roundedEdge, 3)} against a goal of ${formatDecimal(target, 3)}`,
          value,
          error,
          points,
        };
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
    reason: `no convergence by step 2^-${goal.maxLevel} (${points} points): the last two levels differ by ${formatDecimal(error, 3)} on a value of ${formatDecimal(value, 12)}`,
    value,
    error,
    points,
  };
}

/** The accuracy sought for a sum whose absolute sum is `l1` (and whose value is `value`, when known). */
function threshold(goal: TanhSinhGoal, l1: Decimal, value?: Decimal): Decimal {
  const scale = value === undefined || value.abs().lt(l1.times(CANCELLATION_FLOOR)) ? l1.times(CANCELLATION_FLOOR) : value.abs();
  const relative = scale.times(goal.relative);
  return relative.gt(goal.absolute) ? relative : relative.times(0).plus(goal.absolute);
}

function stopped(why: 'exhausted' | 'timeout', points: number): QuadratureResult {
  return {
    ok: false,
    why,
    reason: why === 'exhausted' ? `the work budget ran out after ${points} points` : `the wall-clock backstop fired after ${points} points; the pair is a runaway`,
    points,
  };
}
