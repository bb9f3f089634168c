/**
 * Exact rationals over BigInt, for estimators that must equal their closed form exactly: pass@k is
 * a mean of ratios of binomial coefficients, and summing them as doubles would round differently
 * depending on the order of the problems.
 */
export interface BigFraction {
  readonly p: bigint;
  /** Always positive; gcd(|p|, q) = 1. */
  readonly q: bigint;
}

const abs = (a: bigint): bigint => (a < 0n ? -a : a);

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** p/q in lowest terms; throws on q = 0. */
export function bigFraction(p: bigint, q: bigint = 1n): BigFraction {
  if (q === 0n) throw new RangeError('fraction with denominator 0');
  if (q < 0n) {
    p = -p;
    q = -q;
  }
  const g = gcd(p, q);
  return g <= 1n ? { p, q } : { p: p / g, q: q / g };
}

export function addFractions(a: BigFraction, b: BigFraction): BigFraction {
  return bigFraction(a.p * b.q + b.p * a.q, a.q * b.q);
}

export function mulFractions(a: BigFraction, b: BigFraction): BigFraction {
  return bigFraction(a.p * b.p, a.q * b.q);
}

/** The double nearest to p/q when both fit in 2^53 (one correctly rounded division), else close to it. */
export function fractionToNumber(f: BigFraction): number {
  const LIMIT = 2n ** 53n;
  if (abs(f.p) <= LIMIT && f.q <= LIMIT) return Number(f.p) / Number(f.q);
  // Scale so that the quotient keeps 64 significant bits before it becomes a double.
  const shift = BigInt(Math.max(0, 64 - (f.p === 0n ? 0 : abs(f.p).toString(2).length) + f.q.toString(2).length));
  return Number((f.p << shift) / f.q) / 2 ** Number(shift);
}
