import erf from '@stdlib/math-base-special-erf';
import erfc from '@stdlib/math-base-special-erfc';
import gamma from '@stdlib/math-base-special-gamma';
import type { Expr } from '../../../src/expr/types.js';
import { constantDouble } from './constantDouble.js';

/**
 * Straightforward evaluation with plain JS Math (real-valued, NaN outside the real domain), used to
 * check that rewrites keep the value. Functions without a JS implementation give NaN, so comparisons
 * skip them.
 */
export function evaluate(e: Expr, x: number): number {
  switch (e.type) {
    case 'num':
      return e.value;
    case 'sym':
      return e.name === 'x' ? x : constantDouble(e.name);
    case 'add': {
      let s = 0;
      for (const a of e.args) s += evaluate(a, x);
      return s;
    }
    case 'mul': {
      let p = 1;
      for (const a of e.args) p *= evaluate(a, x);
      return p;
    }
    case 'div':
      return evaluate(e.args[0], x) / evaluate(e.args[1], x);
    case 'pow':
      return Math.pow(evaluate(e.args[0], x), evaluate(e.args[1], x));
    case 'neg':
      return -evaluate(e.args[0], x);
    case 'fn': {
      const a = evaluate(e.args[0], x);
      switch (e.name) {
        case 'exp':
          return Math.exp(a);
        case 'log':
          return Math.log(a);
        case 'sqrt':
          return Math.sqrt(a);
        case 'cbrt':
          return Math.cbrt(a);
        case 'sin':
          return Math.sin(a);
        case 'cos':
          return Math.cos(a);
        case 'tan':
          return Math.tan(a);
        case 'cot':
          return 1 / Math.tan(a);
        case 'sec':
          return 1 / Math.cos(a);
        case 'csc':
          return 1 / Math.sin(a);
        case 'asin':
          return Math.asin(a);
        case 'acos':
          return Math.acos(a);
        case 'atan':
          return Math.atan(a);
        case 'acot':
          return Math.atan(1 / a);
        case 'asec':
          return Math.acos(1 / a);
        case 'acsc':
          return Math.asin(1 / a);
        case 'sinh':
          return Math.sinh(a);
        case 'cosh':
          return Math.cosh(a);
        case 'tanh':
          return Math.tanh(a);
        case 'coth':
          return 1 / Math.tanh(a);
        case 'sech':
          return 1 / Math.cosh(a);
        case 'csch':
          return 1 / Math.sinh(a);
        case 'asinh':
          return Math.asinh(a);
        case 'acosh':
          return Math.acosh(a);
        case 'atanh':
          return Math.atanh(a);
        case 'acoth':
          return Math.atanh(1 / a);
        case 'asech':
          return Math.acosh(1 / a);
        case 'acsch':
          return Math.asinh(1 / a);
        case 'abs':
          return Math.abs(a);
        case 'sign':
          return Math.sign(a);
        case 'erf':
          return erf(a);
        case 'erfc':
          return erfc(a);
        case 'gamma':
          return gamma(a);
        default:
          return NaN;
      }
    }
  }
}

/** Agreement up to rounding, scaled by the magnitude of the values. */
export function close(a: number, b: number, rel = 1e-7): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= rel * (1 + Math.max(Math.abs(a), Math.abs(b)));
}

export const SAMPLE_POINTS = [-2.3, -0.7, 0.3, 0.9, 1.6, 3.1];
