import type { Decimal } from 'decimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { Integrand } from './createIntegrand.js';
import { decimalContext } from './decimalContext.js';
import { formatDecimal } from './formatDecimal.js';
import { panelPoint, type QuadraturePanel } from './quadraturePanel.js';
import type { SideTerms } from './tailBeyond.js';
import { goalThreshold, type TanhSinhGoal } from './tanhSinhGoal.js';
import { MAX_NODE_LEVEL, MAX_T, tanhSinhNode } from './tanhSinhNode.js';
import type { QuadratureResult } from './types.js';

/** Terms smaller than this share of the goal are negligible; two in a row end a side's march. */
const NEGLIGIBLE_SHARE = 1e-3;
/** Nodes with q below this are near an end of their panel. */
const NEAR_END = 1e-3;
/** A side's march is never ended by negligible terms before this t (a feature away from the middle
 * must not be skipped because the middle is small). */
const T_MIN = 1;

/** The sums over every node so far, without the step (applied per level): Σ w·f, Σ |w·f|, Σ w·noise. */
export interface RunningSums {
  sum: Decimal;
  abs: Decimal;
  noise: Decimal;
  points: number;
}

/** How one side of one panel ended its march at one level. */
export interface SideMarch extends SideTerms {
  /** `negligible`: terms vanished; `rounded`: nodes reach the end at this precision; `t-max`: no node further out. */
  readonly end: 'negligible' | 'rounded' | 't-max';
}

type Failure = Extract<QuadratureResult, { ok: false }>;

/**
 * The new nodes of `level` on one side of `panel` (side +1 toward b or a tail's finite end, −1 the
 * other way), marched outward from the middle and added to `sums`, until the terms are negligible,
 * the nodes round onto the end, or t reaches MAX_T. Level 0 takes t = 0 (once, on side +1) and every
 * whole t; later levels the odd multiples of their step.
 *
 * A point where f has no real value fails the quadrature (`undefined`); near a finite end, where
 * that is rounding (1 − x² a hair below 0) or no digit of f survives (0/0 rounding away), the side
 * ends there instead. Far toward an infinite end, where decimal.js gives up on exp(-x) at x = 10^5,
 * doubles are asked (a value that underflows there is 0).
 */
export function marchSide(
  f: Integrand,
  panel: QuadraturePanel,
  side: 1 | -1,
  level: number,
  goal: TanhSinhGoal,
  sums: RunningSums,
  meter: WorkMeter,
): SideMarch | Failure {
  const { D, ZERO } = decimalContext(f.digits);
  const nearEnd = new D(10).pow(-Math.floor(f.digits / 2));
  const stride = 2 ** (MAX_NODE_LEVEL - level);
  let last = ZERO;
  let beforeLast = ZERO;
  let negligibleRun = 0;
  for (let j = level > 0 ? 1 : side === 1 ? 0 : 1; ; j += level > 0 ? 2 : 1) {
    const node = tanhSinhNode(f.digits, j * stride);
    if (node.t > MAX_T) return { last, beforeLast, end: 't-max' };
    const point = panelPoint(panel, node, side);
    if (point === 'endpoint') return { last, beforeLast, end: 'rounded' };
    let value: Decimal;
    let noise: Decimal;
    const r = f.at(point.x, meter);
    if (r === 'exhausted' || r === 'timeout') return stopped(r, sums.points);
    if (r === null) {
      const d = point.towardInfinity ? f.atDouble(point.x.toNumber(), meter) : null;
      if (d === null) {
        if (!point.towardInfinity && node.q.lt(nearEnd)) return { last, beforeLast, end: 'rounded' };
        if (point.towardInfinity) {
          const reason = `the integrand cannot be evaluated at x = ${formatDecimal(point.x, 6)}, far out toward infinity, where its terms are not yet negligible`;
          return { ok: false, why: 'diverges', reason, points: sums.points };
        }
        return { ok: false, why: 'undefined', reason: `the integrand has no real value at x = ${formatDecimal(point.x, 12)}`, points: sums.points };
      }
      value = new D(d.value);
      noise = new D(d.error);
    } else if (!r.reliable && node.q.lt(NEAR_END)) {
      return { last, beforeLast, end: 'rounded' };
    } else {
      value = r.value;
      noise = r.noise;
    }
    sums.points++;
    const term = point.weight.times(value);
    sums.sum = sums.sum.plus(term);
    sums.abs = sums.abs.plus(term.abs());
    sums.noise = sums.noise.plus(point.weight.times(noise));
    beforeLast = last;
    last = term.abs();
    negligibleRun = last.lte(goalThreshold(goal, sums.abs).times(NEGLIGIBLE_SHARE)) ? negligibleRun + 1 : 0;
    if (negligibleRun >= 2 && node.t >= T_MIN) return { last, beforeLast, end: 'negligible' };
  }
}

function stopped(why: 'exhausted' | 'timeout', points: number): Failure {
  const reason =
    why === 'exhausted' ? `the work budget ran out after ${points} points` : `the wall-clock backstop fired after ${points} points; the pair is a runaway`;
  return { ok: false, why, reason, points };
}
