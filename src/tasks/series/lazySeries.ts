import type { Scalar } from './scalarArithmetic.js';

/**
 * A power series in t = x − a whose coefficients are computed on demand, in order, and kept: a
 * rule may ask for any earlier coefficient of itself or of other series, so the recurrences of
 * functions defined by their derivative (exp' = exp·u', tan' = u'/cos²) need no explicit order.
 */
export class LazySeries {
  private readonly coefficients: Scalar[] = [];
  private busy = -1;

  constructor(
    private readonly rule: (k: number) => Scalar,
    /** Free of x: every coefficient past the first is zero. */
    readonly constant = false,
  ) {}

  at(k: number): Scalar {
    while (this.coefficients.length <= k) {
      const i = this.coefficients.length;
      // A rule asking for its own coefficient being computed is a bug in the rules, not in the input.
      if (this.busy === i) throw new Error(`series coefficient ${i} depends on itself`);
      const saved = this.busy;
      this.busy = i;
      try {
        this.coefficients.push(this.rule(i));
      } finally {
        this.busy = saved;
      }
    }
    return this.coefficients[k];
  }
}
