import { gamma, gammainc } from '../../util/stdlibSpecial.js';
import { e1 } from './expIntegrals.js';
import { EPS, setResult, undefinedResult, type RealResult } from './realResult.js';

/**
 * Lower and upper incomplete gamma functions γ(s, x), Γ(s, x) (not regularized) for real s, x:
 * - s > 0, x ≥ 0: @stdlib/math-base-special-gammainc (Boost's algorithms); its error is taken as
 *   256ε relative, a margin over what the tests measure against mpmath;
 * - positive integer s ≤ 30 and x < 0: the finite forms Γ(n, x) = (n-1)! e^{-x} Σ_{k<n} x^k/k!,
 *   γ(n, x) = (n-1)! - Γ(n, x), with their running rounding error;
 * - s = 0, x > 0: Γ(0, x) = E1(x).
 * Elsewhere NaN (complex or not implemented).
 */
export function incompleteGamma(s: number, x: number, upper: boolean, r: RealResult): RealResult {
  if (Number.isNaN(s) || Number.isNaN(x)) return undefinedResult(r);
  if (s > 0 && x >= 0) {
    const v = gammainc(x, s, false, upper);
    if (Number.isNaN(v)) return undefinedResult(r);
    return setResult(r, v, 256 * EPS * Math.abs(v));
  }
  if (Number.isInteger(s) && s > 0 && s <= 30 && x < 0) {
    let term = 1;
    let sum = 1;
    let acc = 0;
    for (let k = 1; k < s; k++) {
      term *= x / k;
      sum += term;
      acc += (2 * k + 2) * EPS * Math.abs(term) + EPS * Math.abs(sum);
    }
    const g = gamma(s);
    const scale = g * Math.exp(-x);
    const up = scale * sum;
    const upErr = scale * acc + 4 * EPS * Math.abs(up) + Math.abs(up) * EPS * Math.abs(x);
    if (upper) return setResult(r, up, upErr);
    const v = g - up;
    return setResult(r, v, upErr + EPS * (g + Math.abs(v)));
  }
  if (s === 0 && upper && x > 0) return e1(x, r);
  return undefinedResult(r);
}
