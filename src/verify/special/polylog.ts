import { EPS, setResult, undefinedResult, type RealResult } from './realResult.js';

const PI2_6 = (Math.PI * Math.PI) / 6;
const SERIES_RADIUS = 0.95;

/**
 * Li_s(z) for a real constant order s and real z, where it is real:
 * - integer s ≤ 1: closed forms (Li_1 = -log(1-z), Li_0 = z/(1-z), Li_{-n} through Stirling
 *   numbers of the second kind), for z < 1;
 * - |z| ≤ 0.95: the defining series Σ z^k/k^s, truncated once the ratio bound r of successive terms
 *   is below 1, with the geometric tail |t| r/(1-r) as truncation bound;
 * - s = 2 elsewhere on z ≤ 1: Landen's identity Li2(z) = -Li2(z/(z-1)) - ln²(1-z)/2 for z < 0 and
 *   the reflection Li2(z) = π²/6 - ln z ln(1-z) - Li2(1-z) for z near 1.
 * Anything else (z > 1, where Li_s is complex; other orders near |z| = 1) is NaN.
 */
export function polylog(s: number, z: number, r: RealResult): RealResult {
  if (Number.isNaN(s) || Number.isNaN(z)) return undefinedResult(r);
  if (Number.isInteger(s) && s <= 1) return negativeOrder(s, z, r);
  if (Math.abs(z) <= SERIES_RADIUS) return series(s, z, r);
  if (s === 2) return dilog(z, r);
  return undefinedResult(r);
}

function series(s: number, z: number, r: RealResult): RealResult {
  if (z === 0) return setResult(r, 0, 0);
  let zk = 1;
  let sum = 0;
  let acc = 0;
  const az = Math.abs(z);
  for (let k = 1; k < 5000; k++) {
    zk *= z;
    const ks = s === 2 ? k * k : s === 3 ? k * k * k : Math.pow(k, s);
    const t = zk / ks;
    sum += t;
    acc += (k + 3) * EPS * Math.abs(t) + EPS * Math.abs(sum);
    // ratio of |t_{j+1}/t_j| for j ≥ k is at most |z| max(1, ((k+1)/k)^{-s})
    const ratio = az * (s >= 0 ? 1 : Math.pow((k + 1) / k, -s));
    if (ratio < 1) {
      const tail = (Math.abs(t) * ratio) / (1 - ratio);
      if (tail <= 0.01 * EPS * Math.abs(sum)) return setResult(r, sum, acc + tail + EPS * Math.abs(sum));
    }
  }
  return undefinedResult(r);
}

function dilog(z: number, r: RealResult): RealResult {
  if (z > 1) return undefinedResult(r);
  if (z === 1) return setResult(r, PI2_6, EPS * PI2_6);
  if (z < 0) {
    // Landen: w = z/(z-1) in (0, 1)
    const w = z / (z - 1);
    const l = Math.log1p(-z);
    if (w <= SERIES_RADIUS && w <= 0.5) {
      series(2, w, r);
    } else {
      reflection(w, r);
    }
    const v = -r.v - (l * l) / 2;
    // rounding of w (relative ε) times Li2'(w) = -ln(1-w)/w, plus the log term's rounding
    const dw = Math.abs(Math.log1p(-w)) * EPS * 2;
    return setResult(r, v, r.err + dw + 2 * EPS * l * l + EPS * Math.abs(v));
  }
  if (z <= 0.5) return series(2, z, r);
  return reflection(z, r);
}

/** Li2(w) = π²/6 - ln w ln(1-w) - Li2(1-w), for 0.5 ≤ w < 1 (1 - w ≤ 0.5 goes to the series). */
function reflection(w: number, r: RealResult): RealResult {
  const lw = Math.log(w);
  const l1w = Math.log1p(-w);
  series(2, 1 - w, r);
  const v = PI2_6 - lw * l1w - r.v;
  return setResult(r, v, r.err + 4 * EPS * (PI2_6 + Math.abs(lw * l1w)) + EPS * Math.abs(v) + EPS * Math.abs(l1w));
}

function negativeOrder(s: number, z: number, r: RealResult): RealResult {
  if (!(z < 1)) return undefinedResult(r);
  if (s === 1) {
    const v = -Math.log1p(-z);
    return setResult(r, v, 2 * EPS * Math.abs(v) + EPS * Math.abs(z / (1 - z)));
  }
  const n = -s;
  if (n > 30) return undefinedResult(r);
  // Li_{-n}(z) = Σ_{k=0}^{n} k! S(n+1, k+1) u^{k+1},  u = z/(1-z)
  const u = z / (1 - z);
  const stirling = stirlingRow(n + 1);
  let sum = 0;
  let acc = 0;
  let uk = 1;
  let fact = 1;
  for (let k = 0; k <= n; k++) {
    if (k > 0) fact *= k;
    uk *= u;
    const t = fact * stirling[k + 1] * uk;
    sum += t;
    acc += (2 * k + 6) * EPS * Math.abs(t) + EPS * Math.abs(sum);
  }
  return setResult(r, sum, acc);
}

/** S(m, j) for j = 0..m (Stirling numbers of the second kind), in doubles. */
function stirlingRow(m: number): number[] {
  let row = [1];
  for (let i = 1; i <= m; i++) {
    const next = new Array<number>(i + 1).fill(0);
    for (let j = 1; j <= i; j++) next[j] = (j < i ? j * row[j] : 0) + row[j - 1];
    row = next;
  }
  return row;
}
