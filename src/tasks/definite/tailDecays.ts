import { compileReal } from '../../expr/evalReal.js';
import { countNodes } from '../../expr/metrics.js';
import type { Expr } from '../../expr/types.js';
import { formatReasonNumber } from '../../verify/formatReasonNumber.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { findOscillation } from './findOscillation.js';

/** Distances from the finite end at which the tail's envelope is sampled. */
const SCALES = [1e2, 1e4, 1e8, 1e16];
/** Points per scale, spread over [X, 2X], so that an oscillating tail shows its envelope. */
const SAMPLES = 9;
/** x·|f| must fall by this factor from 10^4 to 10^16 (about x^-1.17 or faster). */
const ABSOLUTE_DECAY = 1e-2;
/** An oscillating tail (sin(x)/x) must at least shrink by this factor from 10^2 to 10^16. */
const OSCILLATING_DECAY = 1e-3;

/**
 * Whether f's tail from `from` toward `direction`·∞ decays so that its integral converges, judged
 * from the envelope M(X) = max |f| over [X, 2X] at X = 10^2, 10^4, 10^8, 10^16 in doubles: X·M(X)
 * must fall steadily and by ABSOLUTE_DECAY from 10^4 on (1/x^2, e^-x; not 1/x), or, for an
 * integrand oscillating with a fixed period (findOscillation.ts), M itself must fall to
 * OSCILLATING_DECAY of its start (sin(x)/x converges; sin(x) does not). Deterministic; its work
 * is paid from `meter`.
 */
export function tailDecays(f: Expr, from: number, direction: 1 | -1, meter: WorkMeter): { ok: true } | { ok: false; reason: string } {
  const real = compileReal(f);
  const where = direction === 1 ? 'oo' : '-oo';
  if (real === undefined) return { ok: false, reason: `its tail toward ${where} cannot be evaluated` };
  const cost = countNodes(f).nodes;
  const envelope = SCALES.map((X) => {
    let m = 0;
    for (let i = 0; i < SAMPLES; i++) {
      meter.left -= cost;
      const v = Math.abs(real(from + direction * X * (1 + i / (SAMPLES - 1))));
      m = Number.isNaN(v) || Number.isNaN(m) ? Number.NaN : Math.max(m, v);
    }
    return m;
  });
  if (meter.left < 0) return { ok: false, reason: 'its tail could not be checked within the work budget' };
  const bad = envelope.findIndex((m) => !Number.isFinite(m));
  if (bad >= 0) {
    const x = formatReasonNumber(from + direction * SCALES[bad]);
    return { ok: false, reason: `it is ${Number.isNaN(envelope[bad]) ? 'not real' : 'not finite'} near x = ${x} toward ${where}` };
  }
  const g = envelope.map((m, i) => m * SCALES[i]);
  if (g[3] <= g[2] && g[2] <= g[1] && g[3] <= ABSOLUTE_DECAY * g[1]) return { ok: true };
  const shrinking = envelope[3] <= envelope[2] && envelope[2] <= envelope[1] && envelope[3] <= OSCILLATING_DECAY * envelope[0];
  if (shrinking && findOscillation(f, 30, meter) !== undefined) return { ok: true };
  return {
    ok: false,
    reason: `its tail toward ${where} does not decay fast enough: |f(x)|·|x| is about ${formatReasonNumber(g[3])} at |x| = 1e16 and ${formatReasonNumber(g[1])} at 1e4`,
  };
}
