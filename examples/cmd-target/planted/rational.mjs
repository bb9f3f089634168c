// Exact rational numbers over BigInt: { p, q } with q > 0 and gcd(p, q) = 1. The model does its
// algebra exactly, so a correct answer is never wrong by rounding.

const gcd = (a, b) => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

export function rat(p, q = 1n) {
  if (q === 0n) throw new RangeError('division by zero');
  if (q < 0n) [p, q] = [-p, -q];
  const g = gcd(p, q);
  return g === 1n || g === 0n ? { p, q } : { p: p / g, q: q / g };
}

export const ZERO = rat(0n);
export const ONE = rat(1n);

/** A JS number as an exact rational: integers as they are, decimals as written (2.5 is 5/2). */
export function ratFromNumber(v) {
  if (!Number.isFinite(v)) return null;
  if (Number.isSafeInteger(v)) return rat(BigInt(v));
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(v));
  if (m === null) return null; // 1e+21 and the like: too large or small to mean anything here
  const digits = m[3] ?? '';
  const p = BigInt(m[2] + digits) * (m[1] === '-' ? -1n : 1n);
  return rat(p, 10n ** BigInt(digits.length));
}

export const isZero = (a) => a.p === 0n;
export const isOne = (a) => a.p === 1n && a.q === 1n;
export const isInteger = (a) => a.q === 1n;
export const isPositive = (a) => a.p > 0n;
export const equal = (a, b) => a.p === b.p && a.q === b.q;
export const neg = (a) => ({ p: -a.p, q: a.q });
export const add = (a, b) => rat(a.p * b.q + b.p * a.q, a.q * b.q);
export const sub = (a, b) => add(a, neg(b));
export const mul = (a, b) => rat(a.p * b.p, a.q * b.q);
export const div = (a, b) => rat(a.p * b.q, a.q * b.p);
export const fromInt = (n) => rat(BigInt(n));

/** a^k for an integer k (a ≠ 0 when k < 0). */
export function pow(a, k) {
  const e = BigInt(Math.abs(k));
  const r = { p: a.p ** e, q: a.q ** e };
  return k >= 0 ? r : rat(r.q, r.p);
}

/** Decimal digits of the larger of numerator and denominator (a size bound for the algebra). */
export function digits(a) {
  const p = a.p < 0n ? -a.p : a.p;
  return Math.max(p.toString().length, a.q.toString().length);
}

/** The value as a JS number if it is a safe integer, else null. */
export function toSafeInteger(a) {
  if (a.q !== 1n) return null;
  const n = Number(a.p);
  return Number.isSafeInteger(n) ? n : null;
}

// sagga's readers refuse literals beyond 10^15, so longer integers are written as sums of chunks.
const CHUNK = 10n ** 12n;

function printNatural(n) {
  if (n < CHUNK) return n.toString();
  const parts = [];
  let power = 0;
  while (n > 0n) {
    const d = n % CHUNK;
    if (d !== 0n) parts.push(power === 0 ? d.toString() : `${d}*${CHUNK}${power === 1 ? '' : `^${power}`}`);
    n /= CHUNK;
    power++;
  }
  return `(${parts.reverse().join(' + ')})`;
}

/** Infix text of a rational, parenthesised unless it is a non-negative integer. */
export function printRat(a) {
  const abs = a.p < 0n ? -a.p : a.p;
  const body = a.q === 1n ? printNatural(abs) : `${printNatural(abs)}/${printNatural(a.q)}`;
  if (a.p < 0n) return `(-${body})`;
  return a.q === 1n ? body : `(${body})`;
}
