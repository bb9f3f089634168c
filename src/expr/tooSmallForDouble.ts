/** The smallest positive normal double (2^-1022): below it a double loses digits. */
const SMALLEST_NORMAL = 2 ** -1022;

/**
 * Would this value, read from a literal whose mantissa is `mantissa`, lose its digits in a double:
 * a nonzero literal read as 0, or a value below the smallest normal double?
 */
export function tooSmallForDouble(value: number, mantissa: string): boolean {
  return (value === 0 && /[1-9]/.test(mantissa)) || (value !== 0 && Math.abs(value) < SMALLEST_NORMAL);
}
