import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import { formatReasonNumber } from '../../verify/formatReasonNumber.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { evaluateConstant } from './evaluateConstant.js';
import { findTroublePoint } from './findTroublePoint.js';
import { tailDecays } from './tailDecays.js';
import type { DefiniteBound } from './types.js';

/** The work a check may do (a few milliseconds): the same candidate gets the same answer on any machine. */
export const DEFAULT_CONVERGENCE_WORK = 5_000_000;

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
export function checkDefiniteConvergence(
  problem: Expr,
  lower: DefiniteBound,
  upper: DefiniteBound,
  work = DEFAULT_CONVERGENCE_WORK,
): { ok: true } | { ok: false; reason: string } {
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
  let tape: ReturnType<typeof compileTape>;
  try {
    tape = compileTape(problem);
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, reason: `${shown} is too large to evaluate` };
    throw error;
  }
  const exhausted = { ok: false as const, reason: `${shown} could not be checked on ${interval} within the work budget of ${work}` };
  const trouble = findTroublePoint(problem, tape, lo, hi, meter);
  if (trouble === 'exhausted') return exhausted;
  if (trouble !== undefined) return { ok: false, reason: `${shown} ${trouble.what} x = ${formatReasonNumber(trouble.x)} in ${interval}` };
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
