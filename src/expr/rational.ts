import type { Expr } from './types.js';

/**
 * Exact small rationals for constant folding. Numerator and denominator stay within
 * `MAX_FOLDED` (the parser's default literal bound), so that every folded result prints as literals
 * the parser accepts again and every intermediate product is an exact double.
 */
export interface Rational {
  readonly p: number;
  /** Always positive; gcd(|p|, q) = 1. */
  readonly q: number;
}

export const MAX_FOLDED = 1e15;

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

const fits = (n: number): boolean => Number.isSafeInteger(n) && Math.abs(n) <= MAX_FOLDED;

/** Reduced p/q, or null when q = 0 or a part is too large. */
export function rational(p: number, q: number): Rational | null {
  if (q === 0 || !Number.isSafeInteger(p) || !Number.isSafeInteger(q)) return null;
  if (q < 0) {
    p = -p;
    q = -q;
  }
  const g = gcd(p, q) || 1;
  p = p / g + 0; // `+ 0` turns -0 into 0
  q = q / g;
  return fits(p) && fits(q) ? { p, q } : null;
}

/** The exact rational a tree stands for when it is an integer literal, int/int, or their negation. */
export function asRational(e: Expr): Rational | null {
  switch (e.type) {
    case 'num':
      return Number.isInteger(e.value) && fits(e.value) ? { p: e.value + 0, q: 1 } : null;
    case 'div': {
      const [a, b] = e.args;
      if (a.type !== 'num' || b.type !== 'num') {
        const ra = a.type === 'num' || a.type === 'neg' ? asRational(a) : null;
        const rb = ra && (b.type === 'num' || b.type === 'neg') ? asRational(b) : null;
        return ra && rb ? divRational(ra, rb) : null;
      }
      if (!Number.isInteger(a.value) || !Number.isInteger(b.value)) return null;
      return rational(a.value, b.value);
    }
    case 'neg': {
      const r = asRational(e.args[0]);
      return r ? { p: -r.p + 0, q: r.q } : null;
    }
    default:
      return null;
  }
}

/** The tree for a rational: an integer literal, or div of two literals with the sign on top (-1/43). */
export function rationalExpr(r: Rational): Expr {
  const top: Expr = { type: 'num', value: r.p };
  return r.q === 1 ? top : { type: 'div', args: [top, { type: 'num', value: r.q }] };
}

export function addRational(a: Rational, b: Rational): Rational | null {
  const g = gcd(a.q, b.q);
  const qa = a.q / g;
  return rational(a.p * (b.q / g) + b.p * qa, qa * b.q);
}

export function mulRational(a: Rational, b: Rational): Rational | null {
  // Cross-cancel first so that the products stay small.
  const g1 = gcd(a.p, b.q) || 1;
  const g2 = gcd(b.p, a.q) || 1;
  return rational((a.p / g1) * (b.p / g2), (a.q / g2) * (b.q / g1));
}

export function divRational(a: Rational, b: Rational): Rational | null {
  if (b.p === 0) return null;
  return mulRational(a, { p: b.p < 0 ? -b.q : b.q, q: Math.abs(b.p) });
}

/** a^n for an integer n, or null when it is not a small exact rational (or 0^negative). */
export function powRational(a: Rational, n: number): Rational | null {
  if (!Number.isInteger(n)) return null;
  if (n === 0) return { p: 1, q: 1 };
  if (n < 0) {
    if (a.p === 0) return null;
    return powRational({ p: a.p < 0 ? -a.q : a.q, q: Math.abs(a.p) }, -n);
  }
  const top = intPow(a.p, n);
  const bottom = top === null ? null : intPow(a.q, n);
  return top === null || bottom === null ? null : rational(top, bottom);
}

function intPow(base: number, n: number): number | null {
  if (base === 0 || base === 1) return base;
  if (base === -1) return n % 2 === 0 ? 1 : -1;
  // |base| >= 2, so more than 50 steps would leave the safe range anyway.
  if (n > 60) return null;
  let result = 1;
  for (let i = 0; i < n; i++) {
    result *= base;
    if (!fits(result)) return null;
  }
  return result;
}

/**
 * The exact sum of all `terms`, or null when it does not fit. Order-independent: intermediate
 * overflow (1e15 + 5 - 5) does not matter, only the result.
 */
export function sumRationals(terms: readonly Rational[]): Rational | null {
  let acc: Rational | null = { p: 0, q: 1 };
  for (const t of terms) {
    acc = acc && addRational(acc, t);
    if (!acc) break;
  }
  if (acc) return acc;
  let p = 0n;
  let q = 1n;
  for (const t of terms) {
    p = p * BigInt(t.q) + BigInt(t.p) * q;
    q *= BigInt(t.q);
  }
  return fromBig(p, q);
}

/** The exact product of all `factors`, or null when it does not fit. */
export function productRationals(factors: readonly Rational[]): Rational | null {
  let acc: Rational | null = { p: 1, q: 1 };
  for (const f of factors) {
    acc = acc && mulRational(acc, f);
    if (!acc) break;
  }
  if (acc) return acc;
  let p = 1n;
  let q = 1n;
  for (const f of factors) {
    p *= BigInt(f.p);
    q *= BigInt(f.q);
  }
  return fromBig(p, q);
}

function fromBig(p: bigint, q: bigint): Rational | null {
  let a = p < 0n ? -p : p;
  let b = q;
  while (b !== 0n) [a, b] = [b, a % b];
  if (a > 1n) {
    p /= a;
    q /= a;
  }
  const limit = BigInt(MAX_FOLDED);
  if (q > limit || p > limit || p < -limit) return null;
  return { p: Number(p) + 0, q: Number(q) };
}

/**
 * Exact text of the sum (or product) of rationals of any size, `p` or `p/q`: used where folding
 * had to stop at the literal bound but an order-independent description is still needed.
 */
export function exactText(op: 'add' | 'mul', values: readonly Rational[]): string {
  let p = op === 'add' ? 0n : 1n;
  let q = 1n;
  for (const v of values) {
    if (op === 'add') p = p * BigInt(v.q) + BigInt(v.p) * q;
    else p *= BigInt(v.p);
    q *= BigInt(v.q);
  }
  let a = p < 0n ? -p : p;
  let b = q;
  while (b !== 0n) [a, b] = [b, a % b];
  if (a > 1n) {
    p /= a;
    q /= a;
  }
  return q === 1n ? String(p) : `/(${p},${q})`;
}
