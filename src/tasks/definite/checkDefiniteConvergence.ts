import { compileReal } from '../../expr/evalReal.js';
import { countNodes } from '../../expr/metrics.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import { formatReasonNumber } from '../../verify/formatReasonNumber.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { criticalSubtrees } from './criticalSubtrees.js';
import { decimalContext } from './decimalContext.js';
import { evaluateConstant } from './evaluateConstant.js';
import { findCriticalPoints } from './findCriticalPoints.js';
import { probeLimit } from './probeLimit.js';
import { tailDecays } from './tailDecays.js';
import type { DefiniteBound } from './types.js';

/** The work a check may do (a few milliseconds): the same candidate gets the same answer on any machine. */
export const DEFAULT_CONVERGENCE_WORK = 5_000_000;
/** Points of the scan of f over a finite interval for places where it is not real. */
const SCAN_POINTS = 400;

/**
 * The convergence constraint of the `definite` task: ∫ₗₒᵥᵥₑᵣ^ᵘᵖᵖᵉʳ f dx is a fair candidate only
 * when f is real and finite on the closed interval, except toward an infinite end, where its tail
 * must decay (tailDecays.ts). Checked at the finite ends, at every point where a denominator, the
 * argument of a logarithm or root, or the cosine under a tangent vanishes (findCriticalPoints.ts),
 * approaching each from inside the interval (probeLimit.ts: sin(x)/x at 0 is finite, 1/x and
 * log(x) are not), and at a fixed scan of points for values that are not real. The reason names
 * the integrand, the point and the interval: `1/x is not finite at x = 0 in [0, 1]`.
 * Deterministic, and bounded by `work` (a check that runs out of it refuses, saying so).
 */
export function checkDefiniteConvergence(problem: Expr, lower: DefiniteBound, upper: DefiniteBound, work = DEFAULT_CONVERGENCE_WORK): { ok: true } | { ok: false; reason: string } {
  const meter: WorkMeter = { left: work, deadline: Infinity };
  const shown = clip(toInfix(problem), 60);
  const interval = `[${boundText(lower)}, ${boundText(upper)}]`;
  const ends: number[] = [];
  for (const b of [lower, upper]) {
    if (b.kind === 'inf') {
      ends.push(b.sign * Infinity);
      continue;
    }
    const v = evaluateConstant(b.expr, 30, meter);
    if (!v.ok || !v.value.isFinite()) return { ok: false, reason: `the bound ${boundText(b)} is not a finite real number` };
    ends.push(v.value.toNumber());
  }
  const lo = Math.min(ends[0], ends[1]);
  const hi = Math.max(ends[0], ends[1]);
  if (lo === hi) return { ok: false, reason: `the interval ${interval} is empty` };
  let tape;
  try {
    tape = compileTape(problem);
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, reason: `${shown} is too large to evaluate` };
    throw error;
  }
  const refuse = (what: string, x: number) => ({ ok: false as const, reason: `${shown} ${what} x = ${formatReasonNumber(x)} in ${interval}` });
  const real = compileReal(problem);
  const exhausted = { ok: false as const, reason: `${shown} could not be checked on ${interval} within the work budget of ${work}` };

  // Places where f may stop being finite: its critical points and the finite ends, approached from inside.
  const critical = findCriticalPoints(criticalSubtrees(problem), lo, hi, meter);
  if (critical === 'exhausted') return exhausted;
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
    if (r.kind === 'exhausted') return exhausted;
    if (r.kind === 'infinite') return refuse('is not finite at', x);
    if (r.kind === 'no-limit') return refuse('has no limit at', x);
    if (r.kind === 'not-real') {
      // Decimals give up on sin(1/x) at x = 10^-32 as they do on sqrt(x - 2) at 0: doubles tell which.
      const near = real?.(x + side * Math.max(1, Math.abs(x)) * 1e-8);
      return refuse(near === undefined || Number.isNaN(near) ? 'is not real near' : 'cannot be evaluated near', x);
    }
  }

  // Values that are not real anywhere between them (sqrt(x - 2) on [0, 3]) show on a scan.
  if (real !== undefined) {
    const from = Number.isFinite(lo) ? lo : Number.isFinite(hi) ? Math.min(hi - 20, 0) : -20;
    const to = Number.isFinite(hi) ? hi : Math.max(from + 20, 0);
    const cost = countNodes(problem).nodes;
    for (let i = 1; i < SCAN_POINTS; i++) {
      const x = from + ((to - from) * i) / SCAN_POINTS;
      meter.left -= cost;
      const v = real(x);
      if (Number.isNaN(v) && probeLimit(tape, new D(x), 1, meter).kind !== 'finite') return refuse('is not real at', x);
      if (!Number.isFinite(v) && !Number.isNaN(v)) return refuse('is not finite at', x);
    }
    if (meter.left < 0) return exhausted;
  }

  for (const [end, direction] of [
    [lo, -1],
    [hi, 1],
  ] as const) {
    if (Number.isFinite(end)) continue;
    const start = direction === 1 ? (Number.isFinite(lo) ? lo : 0) : Number.isFinite(hi) ? hi : 0;
    const tail = tailDecays(problem, start, direction, meter);
    if (!tail.ok) return { ok: false, reason: `${shown} on ${interval}: ${tail.reason}` };
  }
  return meter.left < 0 ? exhausted : { ok: true };
}

function boundText(b: DefiniteBound): string {
  return b.kind === 'inf' ? (b.sign === 1 ? 'oo' : '-oo') : clip(toInfix(b.expr), 30);
}
