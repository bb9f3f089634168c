import { Decimal } from 'decimal.js';

/** A decimal.js constructor at a fixed precision, with the constants the quadrature uses. */
export interface DecimalContext {
  readonly D: typeof Decimal;
  readonly digits: number;
  readonly ZERO: Decimal;
  readonly ONE: Decimal;
  readonly TWO: Decimal;
  readonly HALF: Decimal;
  readonly PI: Decimal;
  /** π/2, the tanh-sinh scale. */
  readonly HALF_PI: Decimal;
}

const contexts = new Map<number, DecimalContext>();

/**
 * The context at `digits` significant digits, made once per precision. Its exponent range is
 * decimal.js's widest, as in the verifier's decimal evaluator: a node 10^-400 from an endpoint
 * neither underflows nor rounds to it.
 */
export function decimalContext(digits: number): DecimalContext {
  let c = contexts.get(digits);
  if (c === undefined) {
    const D = Decimal.clone({ precision: digits, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15, minE: -9e15, maxE: 9e15 });
    const PI = D.acos(-1);
    c = { D, digits, ZERO: new D(0), ONE: new D(1), TWO: new D(2), HALF: new D(0.5), PI, HALF_PI: PI.div(2) };
    contexts.set(digits, c);
  }
  return c;
}
