import { compareDoubles } from './compareDoubles.js';
import type { ComplexEvaluator } from './evalComplex.js';
import type { WorkMeter } from './workMeter.js';

/** Enough agreement: the sample order interleaves signs and scales, so the first points already
 * span the domain, and checking the rest only costs time. */
export const ENOUGH_AGREEING_POINTS = 40;
/** Differences, with no agreement, after which an answer is taken to be wrong everywhere. */
const WRONG_EVERYWHERE_POINTS = 12;

/** A point where F' and f differ beyond doubt in doubles. */
export interface Difference {
  readonly x: number;
  readonly f: number;
  readonly re: number;
  readonly im: number;
}

/** What F' against f at the sample points found so far, in doubles; each visit adds to it. */
export interface PointTally {
  /** Points where F' = f. */
  agree: number;
  /** Points where f is not real and finite. */
  fUndefined: number;
  /** Points where f is, but F' is not finite. */
  dUndefined: number;
  /** Points where both sides underflow. */
  tiny: number;
  /** The first function the evaluators could not evaluate, if any. */
  failedFn: string | null;
  /** The span of the agreeing points. */
  lo: number;
  hi: number;
  /** Points where F' = f, for naming the part of the domain where it does not. */
  readonly agreeing: number[];
  readonly differences: Difference[];
  /** Points the error bounds cannot resolve, for the re-check in decimals. */
  readonly queued: number[];
  /** Points where F' and f differ beyond the error bound, by too little to decide in doubles. */
  readonly suspects: number[];
  /** Points where f is real and finite, and where it is not. */
  readonly real: number[];
  readonly notReal: number[];
}

export function emptyPointTally(): PointTally {
  return {
    agree: 0,
    fUndefined: 0,
    dUndefined: 0,
    tiny: 0,
    failedFn: null,
    lo: Infinity,
    hi: -Infinity,
    agreeing: [],
    differences: [],
    queued: [],
    suspects: [],
    real: [],
    notReal: [],
  };
}

/** Why a visit stopped before its last point, and after how many points of the pair. */
export interface VisitStop {
  readonly stop: 'exhausted' | 'timeout';
  readonly points: number;
}

/**
 * Compare F' (`d`) with f (`f`) at the points of `list` in doubles, each paid `pointCost` from the
 * meter, adding what is found to `tally`. It returns early, with null, once enough points agree and
 * none differs, or once the answer is wrong at every point so far; with a stop when the budget or
 * the backstop ends the pair before a difference is found (`passed` points were visited before).
 */
export function comparePointsInDoubles(
  list: readonly number[],
  passed: number,
  tally: PointTally,
  f: ComplexEvaluator,
  d: ComplexEvaluator,
  pointCost: number,
  meter: WorkMeter,
): VisitStop | null {
  for (let p = 0; p < list.length; p++) {
    if ((p & 7) === 0 && performance.now() > meter.deadline) {
      if (tally.differences.length > 0) return null;
      return { stop: 'timeout', points: passed + p };
    }
    meter.left -= pointCost;
    if (meter.left < 0) {
      if (tally.differences.length > 0) return null;
      return { stop: 'exhausted', points: passed + p };
    }
    const x = list[p];
    const fx = f(x);
    if (fx.failed !== null) tally.failedFn ??= fx.failed;
    if (!Number.isFinite(fx.re) || !Number.isFinite(fx.im) || Math.abs(fx.im) > fx.err + 1e-13 * Math.abs(fx.re)) {
      tally.fUndefined++;
      tally.notReal.push(x);
      continue;
    }
    tally.real.push(x);
    const g = d(x);
    if (g.failed !== null) tally.failedFn ??= g.failed;
    if (!Number.isFinite(g.re) || !Number.isFinite(g.im)) {
      tally.dUndefined++;
      continue;
    }
    const verdict = compareDoubles(fx, g);
    if (verdict === 'tiny') tally.tiny++;
    else if (verdict === 'undecided') tally.queued.push(x);
    else if (verdict === 'suspect') tally.suspects.push(x);
    else if (verdict === 'agree') {
      tally.agree++;
      tally.agreeing.push(x);
      tally.lo = Math.min(tally.lo, x);
      tally.hi = Math.max(tally.hi, x);
      if (tally.agree >= ENOUGH_AGREEING_POINTS && tally.differences.length === 0) return null;
    } else {
      tally.differences.push({ x, f: fx.re, re: g.re, im: g.im });
      // Wrong at every point so far: the map of where F' ≠ f is "everywhere", and more points
      // would only cost time. An answer right somewhere is mapped over every point.
      if (tally.agreeing.length === 0 && tally.differences.length >= WRONG_EVERYWHERE_POINTS) return null;
    }
  }
  return null;
}
