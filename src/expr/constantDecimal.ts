import type { Decimal } from 'decimal.js';
import { zetaOrder, type ConstantName } from './constants.js';

type DecimalClass = typeof Decimal;

/** Values already computed, by constant and precision (one series run per precision in use). */
const computed = new Map<string, Decimal>();

/** Digits computed beyond the precision asked for, then rounded away. */
const GUARD_DIGITS = 10;

/**
 * A named constant to the precision of the decimal constructor `D` (its `precision` significant
 * digits, correctly rounded up to the last one or two): π and e from decimal.js itself, and for the
 * others a series evaluated with guard digits (see catalan, eulerGamma, zeta below). Cached.
 */
export function constantDecimal(name: ConstantName, D: DecimalClass): Decimal {
  const key = `${name}@${D.precision}`;
  let value = computed.get(key);
  if (value === undefined) {
    value = compute(name, D);
    computed.set(key, value);
  }
  return value;
}

function compute(name: ConstantName, D: DecimalClass): Decimal {
  switch (name) {
    case 'pi':
      return D.acos(-1);
    case 'e':
      return D.exp(1);
    case 'oo':
      return new D(Infinity);
    case 'DNE':
      return new D(NaN);
  }
  const W = D.clone({ precision: D.precision + GUARD_DIGITS });
  const n = zetaOrder(name);
  const value = name === 'Catalan' ? catalan(W) : name === 'EulerGamma' ? eulerGamma(W) : zeta(n!, W);
  return new D(value).toSignificantDigits(D.precision);
}

/** 10^-(digits + 2) in `W`: below it a term no longer changes the sum. */
const negligible = (W: DecimalClass): Decimal => new W(10).pow(-(W.precision + 2));

/**
 * Catalan's constant by Ramanujan's series, G = (π/8)·ln(2 + √3) + (3/8)·Σ_{n≥0} (n!)² / ((2n)!·(2n+1)²),
 * whose terms shrink about fourfold each (1.7 terms per digit).
 */
function catalan(W: DecimalClass): Decimal {
  const eps = negligible(W);
  let ratio = new W(1); // (n!)² / (2n)!
  let sum = new W(0);
  for (let n = 0; ; n++) {
    const term = ratio.div((2 * n + 1) ** 2);
    sum = sum.plus(term);
    if (term.lt(eps)) break;
    ratio = ratio.times(n + 1).div(2 * (2 * n + 1));
  }
  const pi = W.acos(-1);
  return pi.div(8).times(new W(3).sqrt().plus(2).ln()).plus(sum.times(3).div(8));
}

/**
 * The Euler–Mascheroni constant by Brent and McMillan's algorithm B1 (Math. Comp. 34, 1980):
 * with A₀ = −ln m, B₀ = 1, B_k = B_{k−1}·m²/k², A_k = (A_{k−1}·m²/k + B_k)/k, γ = ΣA_k / ΣB_k
 * with an error below π·e^(−4m); m is chosen so that e^(−4m) < 10^−digits.
 */
function eulerGamma(W: DecimalClass): Decimal {
  const eps = negligible(W);
  const m = Math.ceil(((W.precision + 2) * Math.LN10) / 4) + 1;
  const m2 = m * m;
  let a = new W(m).ln().neg();
  let b = new W(1);
  let u = a;
  let v = b;
  for (let k = 1; ; k++) {
    b = b.times(m2).div(k * k);
    a = a.times(m2).div(k).plus(b).div(k);
    u = u.plus(a);
    v = v.plus(b);
    if (k > m && b.lt(eps.times(v)) && a.abs().lt(eps.times(u.abs()))) break;
  }
  return u.div(v);
}

/**
 * ζ(s) for an integer s ≥ 2: for large s the sum Σ k^−s itself (at most a hundred terms matter);
 * otherwise P. Borwein's algorithm 2 ("An efficient algorithm for the Riemann zeta function",
 * 2000), ζ(s) = −1/(d_N·(1 − 2^(1−s))) · Σ_{k<N} (−1)^k·(d_k − d_N)/(k+1)^s with
 * d_k = N·Σ_{i≤k} (N+i−1)!·4^i / ((N−i)!·(2i)!), whose error is below 3/(3+√8)^N, so N = 1.31 digits.
 * The d_k grow to (3+√8)^N, so they are summed with that many more digits.
 */
function zeta(s: number, W: DecimalClass): Decimal {
  const digits = W.precision + 2;
  if (s >= digits / 2) {
    const eps = negligible(W);
    let sum = new W(1);
    for (let k = 2; ; k++) {
      const term = new W(k).pow(-s);
      if (term.lt(eps)) break;
      sum = sum.plus(term);
    }
    return sum;
  }
  const N = Math.ceil(digits / Math.log10(3 + Math.sqrt(8))) + 1;
  const V = W.clone({ precision: W.precision + Math.ceil(N * Math.log10(3 + Math.sqrt(8))) + 2 });
  const d: Decimal[] = [];
  let term = new V(1); // N·(N+i−1)!·4^i / ((N−i)!·(2i)!) at i = 0
  let partial = new V(0);
  for (let i = 0; i <= N; i++) {
    if (i > 0) term = term.times(4 * (N + i - 1) * (N - i + 1)).div((2 * i - 1) * (2 * i));
    partial = partial.plus(term);
    d.push(partial);
  }
  const dN = d[N];
  let sum = new V(0);
  for (let k = 0; k < N; k++) {
    const t = d[k].minus(dN).div(new V(k + 1).pow(s));
    sum = k % 2 === 0 ? sum.plus(t) : sum.minus(t);
  }
  const alternatingFactor = new V(1).minus(new V(2).pow(1 - s));
  return new W(sum.div(dN.times(alternatingFactor)).neg());
}
