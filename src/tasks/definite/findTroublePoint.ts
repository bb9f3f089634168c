import { compileReal } from '../../expr/evalReal.js';
import { countNodes } from '../../expr/metrics.js';
import type { Expr } from '../../expr/types.js';
import type { Tape } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { criticalSubtrees } from './criticalSubtrees.js';
import { decimalContext } from './decimalContext.js';
import { findCriticalPoints } from './findCriticalPoints.js';
import { probeLimit } from './probeLimit.js';

/** Points of the scan of f over the finite part of the interval for places where it is not real. */
const SCAN_POINTS = 400;

/** A point where f stops being finite or real, and what it does there ("is not finite at"). */
export interface TroublePoint {
  readonly x: number;
  readonly what: 'is not finite at' | 'has no limit at' | 'is not real near' | 'cannot be evaluated near' | 'is not real at';
}

/**
 * The first point of [lo, hi] (either end may be infinite) where `problem` (compiled as `tape`) is
 * not finite or not real, undefined when there is none: its finite ends and its critical points
 * (findCriticalPoints.ts), each approached from inside the interval (probeLimit.ts), then a fixed
 * scan of SCAN_POINTS points (over [lo, hi], or 20 units of an infinite one) for values that are
 * not real. `exhausted` when `meter` runs out first.
 */
export function findTroublePoint(problem: Expr, tape: Tape, lo: number, hi: number, meter: WorkMeter): TroublePoint | 'exhausted' | undefined {
  const real = compileReal(problem);
  const critical = findCriticalPoints(criticalSubtrees(problem), lo, hi, meter);
  if (critical === 'exhausted') return 'exhausted';
  const { D } = decimalContext(50);
  const probes: [number, 1 | -1][] = [];
  if (Number.isFinite(lo)) probes.push([lo, 1]);
  if (Number.isFinite(hi)) probes.push([hi, -1]);
  for (const p of critical) {
    if (p.x > lo) probes.push([p.x, -1]);
    if (p.x < hi) probes.push([p.x, 1]);
  }
  for (const [x, side] of probes) {
    const r = probeLimit(tape, new D(x), side, meter);
    if (r.kind === 'exhausted') return 'exhausted';
    if (r.kind === 'infinite') return { x, what: 'is not finite at' };
    if (r.kind === 'no-limit') return { x, what: 'has no limit at' };
    if (r.kind === 'not-real') {
      // Decimals give up on sin(1/x) at x = 10^-32 as they do on sqrt(x - 2) at 0: doubles tell which.
      const near = real?.(x + side * Math.max(1, Math.abs(x)) * 1e-8);
      return { x, what: near === undefined || Number.isNaN(near) ? 'is not real near' : 'cannot be evaluated near' };
    }
  }
  if (real === undefined) return undefined;
  const from = Number.isFinite(lo) ? lo : Number.isFinite(hi) ? Math.min(hi - 20, 0) : -20;
  const to = Number.isFinite(hi) ? hi : Math.max(from + 20, 0);
  const cost = countNodes(problem).nodes;
  for (let i = 1; i < SCAN_POINTS; i++) {
    const x = from + ((to - from) * i) / SCAN_POINTS;
    meter.left -= cost;
    const v = real(x);
    if (Number.isNaN(v) && probeLimit(tape, new D(x), 1, meter).kind !== 'finite') return { x, what: 'is not real at' };
    if (!Number.isFinite(v) && !Number.isNaN(v)) return { x, what: 'is not finite at' };
  }
  return meter.left < 0 ? 'exhausted' : undefined;
}
