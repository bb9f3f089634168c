import { Decimal } from 'decimal.js';
import { constantDecimal } from './constantDecimal.js';
import type { ConstantName } from './constants.js';

/** Enough digits for the nearest double. */
const DoubleDigits = Decimal.clone({ precision: 20 });

const doubles = new Map<ConstantName, number>([
  ['pi', Math.PI],
  ['e', Math.E],
  ['oo', Infinity],
  // "No limit" is not a number.
  ['DNE', NaN],
  // Nearest doubles of the first 40 digits (OEIS A006752, A001620).
  // biome-ignore lint/correctness/noPrecisionLoss: the constant's first 40 digits as published, of which the double keeps what it can
  ['Catalan', 0.9159655941772190150546035149323841107741],
  // biome-ignore lint/correctness/noPrecisionLoss: the constant's first 40 digits as published, of which the double keeps what it can
  ['EulerGamma', 0.5772156649015328606065120900824024310422],
]);

/** A named constant as the nearest double (∞ for `oo`, NaN for `DNE`); ζ(n) computed once from constantDecimal. */
export function constantValue(name: ConstantName): number {
  let v = doubles.get(name);
  if (v === undefined) {
    v = constantDecimal(name, DoubleDigits).toNumber();
    doubles.set(name, v);
  }
  return v;
}
