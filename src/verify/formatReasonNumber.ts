/** A number for a verdict's reason: integers as they are, others to 10 significant digits without trailing zeros. */
export function formatReasonNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  // Trailing zeros go from the mantissa only: the exponent of 1.234567891e-100 keeps its zeros.
  const [mantissa, exponent] = v.toPrecision(10).split('e');
  const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
  return exponent === undefined ? trimmed : `${trimmed}e${exponent}`;
}
