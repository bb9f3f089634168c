import type { Decimal } from 'decimal.js';

/** The accuracy a tanh-sinh quadrature is asked for. */
export interface TanhSinhGoal {
  /** Relative accuracy sought, against max(|∫f|, CANCELLATION_FLOOR·∫|f|). */
  readonly relative: number;
  /** Absolute accuracy that is enough whatever the size of the integral (0: none). */
  readonly absolute: number;
  /** Finest level: step 2^-maxLevel. */
  readonly maxLevel: number;
}

/**
 * An integral that cancels to below this share of ∫|f| is judged against ∫|f| instead of its own
 * size: ∫₋₁¹ x³ dx = 0 can only be known to some digits of the scale of what cancelled.
 */
export const CANCELLATION_FLOOR = 1e-8;

/** The accuracy `goal` asks of a sum whose absolute sum is `l1` (and whose value is `value`, when known). */
export function goalThreshold(goal: TanhSinhGoal, l1: Decimal, value?: Decimal): Decimal {
  const scale = value === undefined || value.abs().lt(l1.times(CANCELLATION_FLOOR)) ? l1.times(CANCELLATION_FLOOR) : value.abs();
  const relative = scale.times(goal.relative);
  return relative.gt(goal.absolute) ? relative : relative.times(0).plus(goal.absolute);
}
