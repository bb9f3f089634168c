import type { Decimal } from 'decimal.js';

/** A high-precision value for a verdict's reason: `digits` significant digits, in exponent form when very small or large. */
export function formatReasonDecimal(v: Decimal, digits: number): string {
  const d = v.toSignificantDigits(digits);
  if (d.isZero()) return '0';
  return d.e < -6 || d.e > 15 ? d.toExponential() : d.toString();
}
