/**
 * What one pair may still spend, counted in work rather than in time, so that the same pair gets the
 * same verdict on any machine at any load: one unit is one operation of a compiled tree evaluated in
 * double precision; an operation in decimals costs more, by the factors below (measured ratios of
 * their running times, rounded up). The wall-clock `deadline` is only a backstop against a runaway
 * pair; the verdict says when it fired.
 */
export interface WorkMeter {
  /** Work units left. */
  left: number;
  /** `performance.now()` past which the backstop fires. */
  readonly deadline: number;
}

/** Units of one arithmetic operation in decimals at 32 digits (proportionally more at more digits). */
export const DECIMAL_OP_UNITS = 200;
/** Units of one elementary function (exp, sin, atan …) or non-integer power in decimals at 32 digits
 * (growing with the square of the digits). */
export const DECIMAL_FN_UNITS = 15_000;
