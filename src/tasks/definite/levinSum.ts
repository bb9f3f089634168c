import type { Decimal } from 'decimal.js';
import { decimalContext } from './decimalContext.js';

/** The Levin u-transform's estimate of Σ aₙ from the first terms, and how far to trust it. */
export interface LevinEstimate {
  readonly value: Decimal;
  /** |L_k − L_{k−1}| for the last two orders k. */
  readonly change: Decimal;
  /** Σⱼ |cⱼ| of L_k = Σⱼ cⱼ Sⱼ: how much an error in the partial sums is amplified. */
  readonly amplification: Decimal;
}

/** Extra digits for the transform: its alternating binomial sums cancel. */
const GUARD_DIGITS = 20;

/**
 * The Levin u-transform (β = 1) of the series with terms `terms`, at the highest order they allow:
 * L_k = Σⱼ (−1)ʲ C(k, j) ((1+j)/(1+k))^(k−1) Sⱼ/ωⱼ / Σⱼ (−1)ʲ C(k, j) ((1+j)/(1+k))^(k−1)/ωⱼ with
 * Sⱼ the partial sums and ωⱼ = (j + 1)·aⱼ. It sums alternating series such as the half periods of
 * sin(x)/x and series of terms like 1/n² alike, from a few dozen terms to many digits; it also
 * "sums" divergent series, so callers must check that the terms vanish. Undefined when fewer than
 * three terms are given or a term is zero.
 */
export function levinSum(terms: readonly Decimal[], digits: number): LevinEstimate | undefined {
  if (terms.length < 3 || terms.some((t) => t.isZero())) return undefined;
  const { D } = decimalContext(digits + GUARD_DIGITS);
  const a = terms.map((t) => new D(t));
  const partial: Decimal[] = [];
  let s = new D(0);
  for (const t of a) partial.push((s = s.plus(t)));
  const order = (k: number): { value: Decimal; amplification: Decimal } => {
    let numerator = new D(0);
    let denominator = new D(0);
    const weights: Decimal[] = [];
    let binomial = new D(1);
    for (let j = 0; j <= k; j++) {
      if (j > 0) binomial = binomial.times(k - j + 1).div(j);
      const scale = new D(1 + j).div(1 + k).pow(k - 1);
      const w = binomial
        .times(scale)
        .div(a[j].times(1 + j))
        .times(j % 2 === 0 ? 1 : -1);
      weights.push(w);
      numerator = numerator.plus(w.times(partial[j]));
      denominator = denominator.plus(w);
    }
    let amplification = new D(0);
    for (const w of weights) amplification = amplification.plus(w.div(denominator).abs());
    return { value: numerator.div(denominator), amplification };
  };
  const last = a.length - 1;
  const top = order(last);
  const below = order(last - 1);
  return { value: top.value, change: top.value.minus(below.value).abs(), amplification: top.amplification };
}
