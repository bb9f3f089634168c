import { EPS, setResult, undefinedResult, type RealResult } from './realResult.js';

const TWO_OVER_SQRT_PI = 1.1283791670955126;
const INV_SQRT_PI = 0.5641895835477563;
/** The largest t with e^t a finite double. */
const MAX_EXP_ARGUMENT = Math.log(Number.MAX_VALUE);

/**
 * erfi(x) = 2/√π ∫_0^x e^{t²} dt for real x.
 * |x| ≤ 7: the power series 2/√π Σ x^{2k+1}/(k!(2k+1)), whose terms are all positive (no
 * cancellation), with the running rounding error and the first omitted term (the ratio of
 * successive terms is below 1/2 from k > 2x² on) as truncation bound.
 * |x| > 7: e^{x²}/(x√π) Σ (2k-1)!!/(2x²)^k, the asymptotic series of 2/√π·e^{x²}·Dawson(x),
 * truncated at its smallest term (below e^{-49} ≈ 5e-22 relative there) or where terms no longer
 * change the sum; beyond e^{x²} ≈ 1.8e308, ±Infinity.
 */
export function erfi(x: number, r: RealResult): RealResult {
  if (Number.isNaN(x)) return undefinedResult(r);
  const ax = Math.abs(x);
  const x2 = ax * ax;
  let v: number;
  let err: number;
  if (ax <= 7) {
    let p = ax; // x^{2k+1}/k!
    let sum = ax;
    let acc = 0;
    let last = 0;
    for (let k = 1; k < 2000; k++) {
      p *= x2 / k;
      const t = p / (2 * k + 1);
      sum += t;
      acc += (2 * k + 2) * EPS * t + EPS * sum;
      last = t;
      if (k > 2 * x2 && last <= 0.01 * EPS * sum) break;
    }
    v = TWO_OVER_SQRT_PI * sum;
    err = TWO_OVER_SQRT_PI * (acc + last) + 2 * EPS * v;
  } else {
    // Beyond a double: said at once, as the series below would take about x² steps to say it.
    if (x2 > MAX_EXP_ARGUMENT) return setResult(r, x < 0 ? -Infinity : Infinity, Infinity);
    let term = 1;
    let sum = 1;
    let acc = 0;
    const inv = 1 / (2 * x2);
    for (let k = 1; k < x2; k++) {
      const next = term * (2 * k - 1) * inv;
      // Past its smallest term, or with terms too small to change the sum (they shrink for about x² steps).
      if (next > term || next <= 0.01 * EPS * sum) break;
      term = next;
      sum += term;
      acc += 3 * k * EPS * term + EPS * sum;
    }
    const scale = (Math.exp(x2) * INV_SQRT_PI) / ax;
    v = scale * sum;
    // e^{x²}: the rounding of x² is amplified by 2x² in relative terms
    err = scale * (acc + 2 * term) + (4 + 2 * x2) * EPS * v;
  }
  return setResult(r, x < 0 ? -v : v, err);
}
