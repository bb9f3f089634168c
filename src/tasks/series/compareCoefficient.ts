import { Decimal } from 'decimal.js';
import type { Scalar } from './scalarArithmetic.js';

export type CoefficientComparison = 'same' | 'differ' | 'undecided';

/** One coefficient at both precisions (the second absent when the first was exact on both sides). */
export interface CoefficientPair {
  readonly expected: readonly [Scalar, Scalar?];
  readonly given: readonly [Scalar, Scalar?];
}

/** Relative instability of a value between the two precisions beyond which it is not believed. */
const STABLE = 1e-15;

/**
 * Compare an expected Taylor coefficient with the answer's. Exact on both sides: equal or not.
 * Otherwise in decimals at both precisions: the change of each value from the lower precision to
 * the higher one estimates the lower one's error (and, scaled by the difference in digits, the
 * higher one's). `same` when the values are stable and agree within that noise at the higher
 * precision (a coefficient that only vanishes up to rounding, such as sin(pi), agrees with 0);
 * `differ` only when the difference is far beyond the noise at both precisions and the same at both.
 * An answer known only to some digits is held to them instead (`relativeTolerance`, relative, or
 * absolute where the expected coefficient is 0): one written in decimals to 6 significant digits,
 * one with integer literals beyond 2^53 to the 15 a double keeps of them. 0: exact.
 */
export function compareCoefficient(pair: CoefficientPair, digits: readonly [number, number], relativeTolerance: number): CoefficientComparison {
  const [e1, e2] = pair.expected;
  const [a1, a2] = pair.given;
  if (relativeTolerance === 0 && e1.exact !== null && a1.exact !== null) {
    return e1.exact.p === a1.exact.p && e1.exact.q === a1.exact.q ? 'same' : 'differ';
  }
  if (e2 === undefined || a2 === undefined) return 'undecided';
  const d1 = e1.dec.minus(a1.dec);
  const d2 = e2.dec.minus(a2.dec);
  const scale = Decimal.max(e2.dec.abs(), a2.dec.abs());
  const instability = e1.dec.minus(e2.dec).abs().plus(a1.dec.minus(a2.dec).abs());
  const unc1 = instability.plus(scale.times(`1e-${digits[0] - 2}`));
  const unc2 = unc1.times(`1e-${digits[1] - digits[0]}`).plus(scale.times(`1e-${digits[1] - 2}`));
  const tolerance = relativeTolerance > 0 ? (e2.dec.isZero() ? new Decimal(relativeTolerance) : e2.dec.abs().times(relativeTolerance)) : new Decimal(0);
  const stable = instability.lte(Decimal.max(scale, 1).times(STABLE));
  if (stable && d2.abs().lte(tolerance.plus(unc2.times(10)))) return 'same';
  if (d1.abs().gt(tolerance.plus(unc1.times(100))) && d2.abs().gt(tolerance.plus(unc2.times(100))) && d1.minus(d2).abs().lte(d2.abs().times(0.01))) {
    return 'differ';
  }
  return 'undecided';
}
