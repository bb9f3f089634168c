import type { Decimal } from 'decimal.js';

/**
 * A decimal for a reason or a result field: `significant` digits without trailing zeros, in plain
 * notation between 1e-6 and 1e21 and in exponent notation (`1.5e-30`) outside.
 */
export function formatDecimal(v: Decimal, significant = 20): string {
  if (v.isZero()) return '0';
  if (!v.isFinite()) return v.toString();
  const rounded = v.toSignificantDigits(significant);
  const e = rounded.e;
  const text = e < -6 || e >= 21 ? rounded.toExponential() : rounded.toFixed();
  return text
    .replace(/(\.\d*?)0+(e|$)/, '$1$2')
    .replace(/\.(e|$)/, '$1')
    .replace('e+', 'e');
}
