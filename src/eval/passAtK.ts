import { bigFraction, mulFractions, type BigFraction } from './bigFraction.js';

/**
 * The unbiased estimator of pass@k from n samples of which c are correct (Chen et al. 2021, as
 * AntiderivBench reports it): 1 − C(n−c, k) / C(n, k), the chance that k of the n samples drawn
 * without replacement hold at least one correct one. Exact: the ratio is the product
 * ∏_{i=n−c+1}^{n} (1 − k/i), kept as a fraction.
 */
export function passAtK(n: number, c: number, k: number): BigFraction {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(c) || !Number.isSafeInteger(k) || n < 1 || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`pass@k needs 1 ≤ k ≤ n and 0 ≤ c ≤ n, got n=${n}, c=${c}, k=${k}`);
  }
  // Fewer wrong samples than k: every draw of k holds a correct one.
  if (n - c < k) return bigFraction(1n);
  let allWrong = bigFraction(1n);
  for (let i = n - c + 1; i <= n; i++) allWrong = mulFractions(allWrong, bigFraction(BigInt(i - k), BigInt(i)));
  return bigFraction(allWrong.q - allWrong.p, allWrong.q);
}
