import { EPS, EULER_GAMMA, setResult, undefinedResult, type RealResult } from './realResult.js';

/*
 * The exponential-integral family at real arguments, in doubles, each with a bound on its own
 * error. Methods (all standard, cf. DLMF 6.6, 6.9, 6.12 and Numerical Recipes §6.3):
 * - power series where their terms do not cancel badly; the running error of the summation is
 *   accumulated term by term (each term's recurrence adds about 2 roundings), and the truncation
 *   error is bounded by the first omitted term once the terms decrease geometrically (ratio ≤ 1/2)
 *   or alternate in sign with decreasing magnitude;
 * - the continued fraction E1(z) = e^{-z} / (z + 1 - 1/(z + 3 - 4/(z + 5 - …))), evaluated by
 *   modified Lentz until a step changes the value by less than ε (real z ≥ 1, and z = i·x for
 *   |x| > 4 for Si and Ci). Its error is not proven; it is taken as 64ε|value|, which holds with a
 *   wide margin against mpmath (see tests/verify/special.test.ts);
 * - the asymptotic series Ei(x) ~ e^x/x Σ k!/x^k for x > 50, truncated at its smallest term, whose
 *   size (≤ 4e-21 relative) bounds the remainder.
 */

const MAX_TERMS = 1000;
const FPMIN = 1e-300;

/** Ei(x) for real x ≠ 0 (principal value; real on both sides of 0). */
export function ei(x: number, r: RealResult): RealResult {
  if (x === 0 || Number.isNaN(x)) return undefinedResult(r);
  if (x < -1) {
    e1(-x, r);
    return setResult(r, -r.v, r.err);
  }
  if (x > 50) return eiAsymptotic(x, r);
  // γ + ln|x| + Σ x^k / (k k!)
  let p = 1;
  let sum = 0;
  let err = 0;
  let last = 0;
  const ax = Math.abs(x);
  for (let k = 1; k < MAX_TERMS; k++) {
    p *= x / k;
    const t = p / k;
    sum += t;
    err += (2 * k + 2) * EPS * Math.abs(t) + EPS * Math.abs(sum);
    last = Math.abs(t);
    if (k + 1 > 2 * ax && last <= 0.01 * EPS * Math.abs(sum)) break;
  }
  const lx = Math.log(ax);
  const v = EULER_GAMMA + lx + sum;
  return setResult(r, v, err + last + EPS * (EULER_GAMMA + Math.abs(lx) + 2 * Math.abs(v)));
}

function eiAsymptotic(x: number, r: RealResult): RealResult {
  // Beyond a double: said at once, as the series below would take about x steps to say it.
  if (x > Math.log(Number.MAX_VALUE)) return setResult(r, Infinity, Infinity);
  let term = 1;
  let sum = 1;
  let err = 0;
  for (let k = 1; k < x; k++) {
    const next = (term * k) / x;
    // Past its smallest term, or with terms too small to change the sum (they shrink for about x steps).
    if (next > term || next <= 0.01 * EPS * sum) break;
    term = next;
    sum += term;
    err += 3 * k * EPS * term + EPS * sum;
  }
  const scale = Math.exp(x) / x;
  const v = scale * sum;
  return setResult(r, v, scale * (err + 2 * term) + 4 * EPS * Math.abs(v));
}

/** E1(t) = ∫_t^∞ e^{-s}/s ds for real t > 0. */
export function e1(t: number, r: RealResult): RealResult {
  if (!(t > 0)) return undefinedResult(r);
  if (t < 1) {
    // -γ - ln t - Σ (-t)^k / (k k!), alternating with decreasing terms for t < 1
    let p = 1;
    let sum = 0;
    let err = 0;
    let last = 0;
    for (let k = 1; k < MAX_TERMS; k++) {
      p *= -t / k;
      const s = p / k;
      sum += s;
      err += (2 * k + 2) * EPS * Math.abs(s) + EPS * Math.abs(sum);
      last = Math.abs(s);
      if (last <= 0.01 * EPS * Math.abs(sum)) break;
    }
    const lt = Math.log(t);
    const v = -EULER_GAMMA - lt - sum;
    return setResult(r, v, err + last + EPS * (EULER_GAMMA + Math.abs(lt) + 2 * Math.abs(v)));
  }
  if (t > 745) return setResult(r, 0, 0); // e^{-t} underflows; the evaluator adds its absolute floor
  let b = t + 1;
  let c = 1 / FPMIN;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * i;
    b += 2;
    d = 1 / (an * d + b);
    c = b + an / c;
    const del = c * d;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  const v = h * Math.exp(-t);
  return setResult(r, v, 64 * EPS * Math.abs(v));
}

/** Results of `siCi`: Si and Ci at the same x (Ci NaN for x ≤ 0, where it is not real). */
export interface SiCi {
  si: number;
  siErr: number;
  ci: number;
  ciErr: number;
}

/**
 * Si(x) and Ci(x) with their error bounds, by series below 4 and by the continued fraction of
 * E1(ix) above.
 */
export function siCi(x: number, out: SiCi): SiCi {
  const ax = Math.abs(x);
  if (Number.isNaN(x)) {
    out.si = out.ci = out.siErr = out.ciErr = NaN;
    return out;
  }
  if (ax === 0) {
    out.si = 0;
    out.siErr = 0;
    out.ci = NaN;
    out.ciErr = NaN;
    return out;
  }
  return ax <= 4 ? siCiSeries(x, ax, out) : siCiContinuedFraction(x, ax, out);
}

/** Si and Ci for 0 < |x| ≤ 4 by their power series. */
function siCiSeries(x: number, ax: number, out: SiCi): SiCi {
  // Si = Σ (-1)^k x^{2k+1} / ((2k+1)(2k+1)!),  Ci = γ + ln x + Σ_{k≥1} (-1)^k x^{2k} / (2k (2k)!)
  const x2 = ax * ax;
  let p = ax;
  let si = ax;
  let siErr = 0;
  let q = 1;
  let ci = 0;
  let ciErr = 0;
  let lastS = 0;
  let lastC = 0;
  for (let k = 1; k < MAX_TERMS; k++) {
    q *= -x2 / ((2 * k - 1) * (2 * k));
    const tc = q / (2 * k);
    ci += tc;
    ciErr += (4 * k + 2) * EPS * Math.abs(tc) + EPS * Math.abs(ci);
    p *= -x2 / (2 * k * (2 * k + 1));
    const ts = p / (2 * k + 1);
    si += ts;
    siErr += (4 * k + 2) * EPS * Math.abs(ts) + EPS * Math.abs(si);
    lastS = Math.abs(ts);
    lastC = Math.abs(tc);
    if (2 * k > ax && lastS <= 0.01 * EPS * Math.abs(si) && lastC <= 0.01 * EPS * (Math.abs(ci) + 1)) break;
  }
  const lx = Math.log(ax);
  const civ = EULER_GAMMA + lx + ci;
  out.si = x < 0 ? -si : si;
  out.siErr = siErr + lastS + 2 * EPS * Math.abs(si);
  out.ci = x < 0 ? NaN : civ;
  out.ciErr = ciErr + lastC + EPS * (EULER_GAMMA + Math.abs(lx) + 2 * Math.abs(civ));
  return out;
}

/** Si and Ci for |x| > 4 from E1(i|x|). */
function siCiContinuedFraction(x: number, ax: number, out: SiCi): SiCi {
  // E1(i x) = -Ci(x) + i (Si(x) - π/2) for x > 0, by the complex continued fraction.
  let br = 1;
  const bi = ax;
  let cr = 1 / FPMIN;
  let ci = 0;
  // d = 1/b
  let den = br * br + bi * bi;
  let dr = br / den;
  let di = -bi / den;
  let hr = dr;
  let hi = di;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * i;
    br += 2;
    // d = 1 / (an d + b)
    const ur = an * dr + br;
    const ui = an * di + bi;
    den = ur * ur + ui * ui;
    dr = ur / den;
    di = -ui / den;
    // c = b + an / c
    const cden = cr * cr + ci * ci;
    cr = br + (an * cr) / cden;
    ci = bi - (an * ci) / cden;
    // del = c d; h = h del
    const delr = cr * dr - ci * di;
    const deli = cr * di + ci * dr;
    const nhr = hr * delr - hi * deli;
    hi = hr * deli + hi * delr;
    hr = nhr;
    if (Math.abs(delr - 1) + Math.abs(deli) < EPS) break;
  }
  // times e^{-i x}
  const cs = Math.cos(ax);
  const sn = Math.sin(ax);
  const er = hr * cs + hi * sn;
  const eim = hi * cs - hr * sn;
  const mag = Math.hypot(er, eim);
  const si = Math.PI / 2 + eim;
  out.si = x < 0 ? -si : si;
  out.siErr = 64 * EPS * mag + 2 * EPS * Math.abs(si);
  out.ci = x < 0 ? NaN : -er;
  out.ciErr = 64 * EPS * mag;
  return out;
}

/** Shi(x) = ∫_0^x sinh(t)/t dt (odd, real everywhere). */
export function shi(x: number, r: RealResult): RealResult {
  const ax = Math.abs(x);
  if (Number.isNaN(x)) return undefinedResult(r);
  if (ax <= 40) {
    const x2 = ax * ax;
    let p = ax;
    let sum = ax;
    let err = 0;
    let last = 0;
    for (let k = 1; k < MAX_TERMS; k++) {
      p *= x2 / (2 * k * (2 * k + 1));
      const t = p / (2 * k + 1);
      sum += t;
      err += (4 * k + 2) * EPS * t + EPS * sum;
      last = t;
      if (2 * k > 2 * ax && last <= 0.01 * EPS * sum) break;
    }
    return setResult(r, x < 0 ? -sum : sum, err + last + EPS * sum);
  }
  return shiChiLarge(x, true, r);
}

/** Chi(x) = γ + ln x + ∫_0^x (cosh t - 1)/t dt, real for x > 0. */
export function chi(x: number, r: RealResult): RealResult {
  if (!(x > 0)) return undefinedResult(r);
  if (x <= 40) {
    const x2 = x * x;
    let q = 1;
    let sum = 0;
    let err = 0;
    let last = 0;
    for (let k = 1; k < MAX_TERMS; k++) {
      q *= x2 / ((2 * k - 1) * (2 * k));
      const t = q / (2 * k);
      sum += t;
      err += (4 * k + 2) * EPS * t + EPS * sum;
      last = t;
      if (2 * k > 2 * x && last <= 0.01 * EPS * sum) break;
    }
    const lx = Math.log(x);
    const v = EULER_GAMMA + lx + sum;
    return setResult(r, v, err + last + EPS * (EULER_GAMMA + Math.abs(lx) + 2 * Math.abs(v)));
  }
  return shiChiLarge(x, false, r);
}

const scratch: RealResult = { v: 0, err: 0 };

/** Shi = (Ei(x) + E1(x))/2, Chi = (Ei(x) - E1(x))/2 for x > 40 (E1 is below 1e-19 there). */
function shiChiLarge(x: number, isShi: boolean, r: RealResult): RealResult {
  const ax = Math.abs(x);
  ei(ax, scratch);
  const eiv = scratch.v;
  const eiErr = scratch.err;
  e1(ax, scratch);
  const v = isShi ? (eiv + scratch.v) / 2 : (eiv - scratch.v) / 2;
  const err = (eiErr + scratch.err) / 2 + EPS * Math.abs(v);
  return setResult(r, isShi && x < 0 ? -v : v, err);
}

/** li(x) = Ei(ln x), real for x > 0 (x ≠ 1); li(0) = 0. */
export function li(x: number, r: RealResult): RealResult {
  if (x === 0) return setResult(r, 0, 0);
  if (!(x > 0) || x === 1) return undefinedResult(r);
  const lx = Math.log(x);
  ei(lx, r);
  // the rounding of ln x, times Ei'(ln x) = x / ln x
  return setResult(r, r.v, r.err + EPS * Math.abs(x));
}
