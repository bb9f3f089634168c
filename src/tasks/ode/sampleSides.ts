import { compareDoubles } from '../../verify/compareDoubles.js';
import type { ComplexEvaluator } from '../../verify/evalComplex.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { SideDifference } from './describeResidualDifferences.js';

/** Enough agreement: the domain points interleave signs and scales, so the first already span it. */
const ENOUGH_AGREEING_POINTS = 40;
/** Differences, with no agreement, after which an answer is taken to be wrong everywhere. */
const WRONG_EVERYWHERE_POINTS = 12;

/** What the pass in doubles found at the equation's points. */
export interface SidesSampled {
  readonly agreeing: number[];
  readonly differences: SideDifference[];
  /** Points where the sides differ beyond their bounds by too little to decide in doubles. */
  readonly suspects: number[];
  /** Points the bounds cannot resolve, or where both sides are 0 or underflow. */
  readonly queued: number[];
  readonly undefinedAt: number;
  /** Of the queued points, those where both sides were 0 or underflow debris. */
  readonly tiny: number;
  readonly failedFunction: string | null;
  /** Set when the budget or the backstop stopped the pass before any difference was found. */
  readonly stoppedAfter?: number;
}

/**
 * The equation's two sides compared in complex doubles at `points` in order (compareDoubles), each
 * point paid from `meter`: it stops at ENOUGH_AGREEING_POINTS agreements without a difference, or
 * WRONG_EVERYWHERE_POINTS differences without an agreement; past a first difference it goes on to
 * map where the equation holds and where it fails.
 */
export function sampleSides(points: readonly number[], left: ComplexEvaluator, right: ComplexEvaluator, cost: number, meter: WorkMeter): SidesSampled {
  const s = {
    agreeing: [] as number[],
    differences: [] as SideDifference[],
    suspects: [] as number[],
    queued: [] as number[],
    undefinedAt: 0,
    tiny: 0,
    failedFunction: null as string | null,
  };
  for (let p = 0; p < points.length; p++) {
    meter.left -= cost;
    if (meter.left < 0 || ((p & 7) === 0 && performance.now() > meter.deadline)) {
      return s.differences.length > 0 ? s : { ...s, stoppedAfter: p };
    }
    const x = points[p];
    const l = left(x);
    const r = right(x);
    s.failedFunction ??= l.failed ?? r.failed;
    if (![l.re, l.im, r.re, r.im].every(Number.isFinite)) {
      s.undefinedAt++;
      continue;
    }
    const verdict = compareDoubles(l, r, true);
    if (verdict === 'agree') {
      s.agreeing.push(x);
      if (s.agreeing.length >= ENOUGH_AGREEING_POINTS && s.differences.length === 0) break;
    } else if (verdict === 'differ') {
      s.differences.push({ x, left: l, right: r });
      if (s.agreeing.length === 0 && s.differences.length >= WRONG_EVERYWHERE_POINTS) break;
    } else if (verdict === 'suspect') s.suspects.push(x);
    else {
      // Sides that cancel to nothing (y'' = 0 for y = C1 + C2*x) are as undecided in doubles as
      // underflow debris: decimals tell whether they vanish together.
      if (verdict === 'tiny') s.tiny++;
      s.queued.push(x);
    }
  }
  return s;
}
