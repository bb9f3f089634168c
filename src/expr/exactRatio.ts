/**
 * p/q for positive integers of any size, as the nearest double or close to it (a 64-bit quotient
 * scaled by a power of two): Infinity or 0 when it is out of a double's range.
 */
export function exactRatio(p: bigint, q: bigint): number {
  if (p === 0n) return 0;
  const shift = 64 - (p.toString(2).length - q.toString(2).length);
  const quotient = shift >= 0 ? (p << BigInt(shift)) / q : p / (q << BigInt(-shift));
  let value = Number(quotient);
  // value · 2^-shift, in steps a double's exponent can take.
  let e = -shift;
  while (e > 1000 && Number.isFinite(value)) {
    value *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000 && value !== 0) {
    value *= 2 ** -1000;
    e += 1000;
  }
  return value * 2 ** e;
}
