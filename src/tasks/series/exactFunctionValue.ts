import type { FnName } from '../../expr/functions.js';
import { powRational, rational, type Rational } from '../../expr/rational.js';

const ZERO: Rational = { p: 0, q: 1 };
const ONE: Rational = { p: 1, q: 1 };

/** Functions that vanish at 0 (odd ones and the integrals from 0), and those equal to 1 there. */
const ZERO_AT_ZERO: ReadonlySet<FnName> = new Set<FnName>([
  'sin',
  'tan',
  'sinh',
  'tanh',
  'asin',
  'atan',
  'asinh',
  'atanh',
  'erf',
  'erfi',
  'Si',
  'Shi',
  'fresnels',
  'fresnelc',
  'LambertW',
]);
const ONE_AT_ZERO: ReadonlySet<FnName> = new Set<FnName>(['exp', 'cos', 'cosh', 'sec', 'sech', 'erfc']);
const ZERO_AT_ONE: ReadonlySet<FnName> = new Set<FnName>(['log', 'acos', 'acosh', 'asec']);

/**
 * The exact value of a function at a rational argument, where it is rational: the values at 0 and 1
 * that Taylor expansions at rational points meet (exp(0), cos(0), log(1) …), roots of perfect
 * powers, abs and sign. Null everywhere else (sin(1) is not rational; the caller then computes in
 * decimals).
 */
export function exactFunctionValue(name: FnName, a: Rational): Rational | null {
  if (a.p === 0) {
    if (ZERO_AT_ZERO.has(name)) return ZERO;
    if (ONE_AT_ZERO.has(name)) return ONE;
  }
  if (a.p === 1 && a.q === 1 && ZERO_AT_ONE.has(name)) return ZERO;
  switch (name) {
    case 'abs':
      return { p: Math.abs(a.p), q: a.q };
    case 'sign':
      return { p: Math.sign(a.p), q: 1 };
    case 'sqrt':
      return a.p < 0 ? null : exactRoot(a, 2);
    case 'cbrt':
      return exactRoot(a, 3);
    default:
      return null;
  }
}

/** The real n-th root of a rational when it is rational (n odd for negative a), else null. */
export function exactRoot(a: Rational, n: number): Rational | null {
  if (a.p < 0) {
    if (n % 2 === 0) return null;
    const r = exactRoot({ p: -a.p, q: a.q }, n);
    return r && { p: -r.p, q: r.q };
  }
  const top = integerRoot(a.p, n);
  const bottom = top === null ? null : integerRoot(a.q, n);
  return top === null || bottom === null ? null : rational(top, bottom);
}

function integerRoot(v: number, n: number): number | null {
  const guess = Math.round(v ** (1 / n));
  for (const r of [guess - 1, guess, guess + 1]) {
    if (r < 0) continue;
    const back = powRational({ p: r, q: 1 }, n);
    if (back !== null && back.p === v) return r;
  }
  return null;
}
