import type { FnName } from '../src/expr/functions.js';
import { add, div, fn, mul, neg, num, pow, sym, X, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/**
 * Seeded integration problems of the kinds a CAS meets in a search: polynomials, trigonometric,
 * exponential and logarithmic terms, products, compositions and rational functions, plus small
 * random trees like those mutations grow. Used by the CAS conversion tests and benchmarks; the
 * same seed always gives the same list.
 */
export function casProblems(rng: Rng, count: number): Expr[] {
  const kinds = [polynomial, trig, exponential, logarithmic, product, composition, rational, smallTree];
  const out: Expr[] = [];
  for (let i = 0; i < count; i++) out.push(kinds[i % kinds.length](rng));
  return out;
}

const ELEMENTARY: readonly FnName[] = ['sin', 'cos', 'tan', 'exp', 'log', 'sqrt', 'atan', 'asin', 'sinh', 'cosh', 'tanh', 'sec', 'cot'];
const SIMPLE_TRIG: readonly FnName[] = ['sin', 'cos', 'tan', 'sec', 'csc', 'cot'];

const small = (rng: Rng): number => rng.pick([1, 2, 3, 4, 5, 7, 10]);
const signed = (rng: Rng, v: number): Expr => (rng.next() < 0.3 ? neg(num(v)) : num(v));

/** k·x^n */
function monomial(rng: Rng): Expr {
  const n = rng.int(0, 4);
  const k = signed(rng, small(rng));
  if (n === 0) return k;
  const xn = n === 1 ? X : pow(X, num(n));
  return rng.next() < 0.3 ? xn : mul(k, xn);
}

export function polynomial(rng: Rng): Expr {
  const terms = rng.int(1, 4);
  return add(...Array.from({ length: terms }, () => monomial(rng)));
}

/** a·x + b */
function linear(rng: Rng): Expr {
  const a = small(rng);
  const ax = a === 1 ? X : mul(num(a), X);
  return rng.next() < 0.5 ? ax : add(ax, signed(rng, small(rng)));
}

export function trig(rng: Rng): Expr {
  const f = rng.pick(SIMPLE_TRIG);
  const base: Expr = fn(f, linear(rng));
  switch (rng.int(0, 3)) {
    case 0:
      return base;
    case 1:
      return pow(base, num(rng.int(2, 3)));
    case 2:
      return mul(fn(rng.pick(['sin', 'cos'] as const), linear(rng)), fn(rng.pick(['sin', 'cos'] as const), linear(rng)));
    default:
      return mul(monomial(rng), base);
  }
}

export function exponential(rng: Rng): Expr {
  const arg = rng.next() < 0.7 ? linear(rng) : pow(X, num(2));
  const e: Expr = rng.next() < 0.7 ? fn('exp', arg) : pow(sym('e'), arg);
  return rng.next() < 0.5 ? e : mul(monomial(rng), e);
}

export function logarithmic(rng: Rng): Expr {
  const l: Expr = fn('log', rng.next() < 0.6 ? X : linear(rng));
  switch (rng.int(0, 3)) {
    case 0:
      return l;
    case 1:
      return mul(monomial(rng), l);
    case 2:
      return pow(l, num(2));
    default:
      return div(l, X);
  }
}

export function product(rng: Rng): Expr {
  const factor = (): Expr => (rng.next() < 0.5 ? fn(rng.pick(ELEMENTARY), linear(rng)) : polynomial(rng));
  return mul(factor(), factor());
}

export function composition(rng: Rng): Expr {
  const outer = rng.pick(ELEMENTARY);
  const inner = rng.next() < 0.5 ? fn(rng.pick(ELEMENTARY), X) : polynomial(rng);
  const c: Expr = fn(outer, inner);
  return rng.next() < 0.5 ? c : mul(monomial(rng), c);
}

export function rational(rng: Rng): Expr {
  const den = rng.next() < 0.5 ? polynomial(rng) : pow(linear(rng), num(rng.int(1, 3)));
  return div(polynomial(rng), den);
}

/** A random tree of depth ≤ 3 over x, small integers, + · / ^ and elementary functions. */
export function smallTree(rng: Rng, depth = 3): Expr {
  if (depth <= 0 || rng.next() < 0.25) return rng.next() < 0.6 ? X : signed(rng, small(rng));
  switch (rng.int(0, 4)) {
    case 0:
      return add(smallTree(rng, depth - 1), smallTree(rng, depth - 1));
    case 1:
      return mul(smallTree(rng, depth - 1), smallTree(rng, depth - 1));
    case 2:
      return div(smallTree(rng, depth - 1), smallTree(rng, depth - 1));
    case 3:
      return pow(smallTree(rng, depth - 1), num(rng.int(-2, 3)));
    default:
      return fn(rng.pick(ELEMENTARY), smallTree(rng, depth - 1));
  }
}
