import { Decimal } from 'decimal.js';
import type { Extrapolation } from './wynnEpsilon.js';

/** Highest degree of the interpolating polynomial. */
const MAX_DEGREE = 14;

/**
 * Richardson extrapolation to h = 0 (Neville's scheme) of values f(h_i) at any distinct steps h_i,
 * for f = L + c₁h + c₂h² + …: the value at 0 of the polynomial through the last m + 1 points. Each
 * degree's error is its change from one degree lower and from the same degree one point earlier; the
 * degree with the smallest error wins. It suits functions analytic in h (1/x at infinity, a
 * removable singularity), where it needs fewer points than Wynn's epsilon algorithm. Null with fewer
 * than four points.
 */
export function richardson(h: readonly Decimal[], values: readonly Decimal[]): Extrapolation | null {
  const n = values.length;
  if (n < 4) return null;
  const from = Math.max(0, n - (MAX_DEGREE + 2));
  const steps = h.slice(from);
  // Neville's tableau at 0 over the last points: row w holds P_(i..i+w)(0) for every i.
  let row = values.slice(from);
  const k = row.length;
  /** Per degree: the value through the last w + 1 points, and through the w + 1 before the last. */
  const last: Decimal[] = [row[k - 1]];
  const beforeLast: Decimal[] = [row[k - 2]];
  for (let w = 1; w < k; w++) {
    const next: Decimal[] = [];
    for (let i = 0; i + w < k; i++) {
      const hi = steps[i];
      const hj = steps[i + w];
      // P_(i..j)(0) = (h_i·P_(i+1..j) − h_j·P_(i..j−1)) / (h_i − h_j)
      next.push(
        hi
          .times(row[i + 1])
          .minus(hj.times(row[i]))
          .div(hi.minus(hj)),
      );
    }
    row = next;
    last.push(row[row.length - 1]);
    if (row.length >= 2) beforeLast.push(row[row.length - 2]);
  }
  let best: Extrapolation | null = null;
  for (let m = 1; m < beforeLast.length; m++) {
    const p = last[m];
    const error = Decimal.max(p.minus(last[m - 1]).abs(), p.minus(beforeLast[m]).abs());
    if (best === null || error.lt(best.error)) best = { value: p, error };
  }
  return best;
}
