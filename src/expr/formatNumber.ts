/**
 * Decimal text of a finite literal without exponent notation when that stays short, so that
 * `1e-7` prints as `0.0000001` (a reader never confuses the exponent `e` with Euler's number).
 * Integers print in full up to 21 digits (String() switches to `1e+21` there).
 * Falls back to JavaScript's shortest round-trip text (`1.5e-300`), which every reader we target
 * (our parser, mathjs, SymPy) still accepts. Non-finite values print as String() does; the parser
 * refuses them, which is the right outcome for a tree that should not exist.
 */
export function formatNumber(value: number, maxPlainDigits = 40): string {
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, intPart, fracPart = '', expText] = m;
  const exponent = Number(expText);
  const digits = intPart + fracPart;
  // The decimal point sits after `intPart.length + exponent` digits.
  const point = intPart.length + exponent;
  if (point <= 0) {
    if (digits.length - point > maxPlainDigits) return text;
    return `${sign}0.${'0'.repeat(-point)}${digits}`;
  }
  if (point >= digits.length) {
    if (point > maxPlainDigits) return text;
    return sign + digits + '0'.repeat(point - digits.length);
  }
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
