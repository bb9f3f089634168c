import type { Decimal } from 'decimal.js';

/** How far apart two values must be, beyond their error bounds, to be called different (and how
 * close, within them, to be called the same): this many times the bounds. */
export const ERROR_MARGIN = 10;

/** An answer's value and an integral's, each with a bound on its error. */
export interface BoundedValue {
  readonly value: Decimal;
  readonly error: Decimal;
}

export interface Comparison {
  /** `agree`: within the tolerance even at the far end of the error bounds; `differ`: beyond it even at
   * the near end; `unclear`: the bounds straddle the tolerance. */
  readonly outcome: 'agree' | 'differ' | 'unclear';
  /** answer − integral. */
  readonly difference: Decimal;
  /** The two error bounds together. */
  readonly bound: Decimal;
}

/**
 * The answer against the integral with `tolerance` on |answer − integral|, the error bounds counted
 * ERROR_MARGIN times against the answer both ways: `agree` needs |d| + margin·bound within the
 * tolerance (strictly below it when `strict`, as IntegralBench's "absolute error < 1e-6"), `differ`
 * needs |d| − margin·bound beyond it.
 */
export function compareDefiniteValues(integral: BoundedValue, answer: BoundedValue, tolerance: Decimal, strict: boolean): Comparison {
  const difference = answer.value.minus(integral.value);
  const bound = integral.error.plus(answer.error);
  const slack = bound.times(ERROR_MARGIN);
  const far = difference.abs().plus(slack);
  const near = difference.abs().minus(slack);
  const agree = strict ? far.lt(tolerance) : far.lte(tolerance);
  const differ = strict ? near.gte(tolerance) : near.gt(tolerance);
  return { outcome: agree ? 'agree' : differ ? 'differ' : 'unclear', difference, bound };
}
