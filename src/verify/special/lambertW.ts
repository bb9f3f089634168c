import { EPS, setResult, undefinedResult, type RealResult } from './realResult.js';

const INV_E = Math.exp(-1);

/**
 * The principal branch W0(x) for real x ≥ -1/e, by Halley's iteration from a branch-point series
 * (near -1/e), log1p (moderate x) or the log-log asymptote (large x), to a relative step below 2ε.
 * Error: the residual w e^w - x is known to a few ε·|x|, and dW = d(residual)/(e^w (1 + w)); near
 * the branch point (w → -1) this grows, as it must (W is ill-conditioned there).
 */
export function lambertW(x: number, r: RealResult): RealResult {
  if (Number.isNaN(x) || x < -INV_E - 4 * EPS) return undefinedResult(r);
  if (x === 0) return setResult(r, 0, 0);
  if (x === Infinity) return setResult(r, Infinity, 0);
  let w: number;
  if (x < -0.3) {
    const p = Math.sqrt(Math.max(0, 2 * (Math.E * x + 1)));
    w = -1 + p - (p * p) / 3 + (11 / 72) * p * p * p;
  } else if (x < 3) {
    w = Math.log1p(x) * (1 - Math.log1p(Math.log1p(x)) / (2 + Math.log1p(x)));
  } else {
    const l1 = Math.log(x);
    const l2 = Math.log(l1);
    w = l1 - l2 + l2 / l1;
  }
  for (let i = 0; i < 60; i++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const wp1 = w + 1;
    if (wp1 === 0) break;
    const step = f / (ew * wp1 - ((w + 2) * f) / (2 * wp1));
    if (!Number.isFinite(step)) break;
    w -= step;
    if (Math.abs(step) <= 2 * EPS * Math.abs(w)) break;
  }
  const ew = Math.exp(w);
  const denom = Math.abs(ew * (1 + w));
  const err = 4 * EPS * Math.abs(w) + (denom > 0 ? (4 * EPS * Math.abs(x)) / denom : Infinity);
  return setResult(r, w, err);
}
