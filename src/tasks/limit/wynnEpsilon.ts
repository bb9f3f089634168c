import { Decimal } from 'decimal.js';

/** An extrapolated limit and the size of its last changes, which is taken as its error. */
export interface Extrapolation {
  readonly value: Decimal;
  readonly error: Decimal;
}

/** Most even columns of the table used: each removes one more geometric term of the error. */
const MAX_COLUMNS = 8;
/** Values used, the last ones: earlier ones only cost time (decimal divisions are slow). */
const MAX_VALUES = 24;

/**
 * Wynn's epsilon algorithm (the Shanks transformation done recursively) over `values`, a sequence
 * approaching its limit: ε₋₁ = 0, ε₀ = S, ε_(j+1)[k] = ε_(j−1)[k+1] + 1/(ε_j[k+1] − ε_j[k]). Its even
 * column 2m is exact for S_k = L + Σ_(i≤m) c_i·λ_i^k, and for k·λ^k terms too, so a function sampled
 * at h, h/2, h/4 … is extrapolated alike whether it tends to its limit like h, √h, h·log h or e^(−1/h).
 *
 * The estimate is the last entry of the even column whose last entries changed least (that change,
 * over the two previous entries, is the error). A difference that is zero or lost in the working
 * precision leaves a gap in the table, and the columns through it are not used. Null when fewer than
 * three values are given; only the last MAX_VALUES are used.
 */
export function wynnEpsilon(all: readonly Decimal[]): Extrapolation | null {
  const values = all.slice(-MAX_VALUES);
  const n = values.length;
  if (n < 3) return null;
  const D = values[0].constructor as typeof Decimal;
  const tiny = new D(10).pow(-(D.precision - 4));
  let best: Extrapolation | null = columnEstimate(values);
  let before: (Decimal | null)[] = new Array<Decimal | null>(n + 1).fill(new D(0));
  let current: (Decimal | null)[] = [...values];
  for (let j = 1; j <= 2 * MAX_COLUMNS && current.length > 3; j++) {
    const next: (Decimal | null)[] = [];
    for (let k = 0; k + 1 < current.length; k++) {
      const a = current[k];
      const b = current[k + 1];
      const c = before[k + 1];
      if (a === null || b === null || c === null) {
        next.push(null);
        continue;
      }
      const d = b.minus(a);
      const size = Decimal.max(a.abs(), b.abs());
      next.push(d.abs().lte(size.times(tiny)) ? null : c.plus(new D(1).div(d)));
    }
    before = current;
    current = next;
    if (j % 2 === 0) {
      const estimate = columnEstimate(current);
      if (estimate !== null && (best === null || estimate.error.lt(best.error))) best = estimate;
    }
  }
  return best;
}

/** The last entry of a column and its change over the two entries before it, when all three exist. */
function columnEstimate(column: readonly (Decimal | null)[]): Extrapolation | null {
  const n = column.length;
  if (n < 3) return null;
  const [c, b, a] = [column[n - 3], column[n - 2], column[n - 1]];
  if (a === null || b === null || c === null) return null;
  return { value: a, error: Decimal.max(a.minus(b).abs(), a.minus(c).abs()) };
}
