/**
 * The exact fraction p/q (q > 0, reduced) written by the shortest decimal that round-trips `value`,
 * so that 0.1 is sent to a CAS as 1/10 rather than as the binary double 0.1000000000000000055…
 * (Algebrite would otherwise switch to floating point and print truncated digits).
 * Throws on non-finite input, which the expression tree never holds.
 */
export function decimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (m === null) throw new RangeError(`unexpected number format: ${text}`);
  const [, sign, whole, frac = '', exp = '0'] = m;
  let numerator = BigInt(whole + frac);
  let denominator = 10n ** BigInt(frac.length);
  const shift = Number(exp);
  if (shift > 0) numerator *= 10n ** BigInt(shift);
  else if (shift < 0) denominator *= 10n ** BigInt(-shift);
  const g = gcd(numerator, denominator);
  numerator /= g;
  denominator /= g;
  return { numerator: sign === '-' ? -numerator : numerator, denominator };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}
