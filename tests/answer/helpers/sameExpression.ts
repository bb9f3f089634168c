import type { Expr } from '../../../src/expr/types.js';
import { constantDouble } from '../../expr/helpers/constantDouble.js';

/**
 * Plain-Math evaluation of a tree at x, for tests only. Elementary functions get their real values;
 * special functions (erf, Ei, polylog …) get a fixed arbitrary smooth stand-in per name, which is
 * enough to compare two trees built from the same notation.
 */
export function evaluateAt(e: Expr, x: number): number {
  switch (e.type) {
    case 'num':
      return e.value;
    case 'sym':
      return e.name === 'x' ? x : constantDouble(e.name);
    case 'add':
      return e.args.reduce((s, a) => s + evaluateAt(a, x), 0);
    case 'mul':
      return e.args.reduce((s, a) => s * evaluateAt(a, x), 1);
    case 'div':
      return evaluateAt(e.args[0], x) / evaluateAt(e.args[1], x);
    case 'pow':
      return Math.pow(evaluateAt(e.args[0], x), evaluateAt(e.args[1], x));
    case 'neg':
      return -evaluateAt(e.args[0], x);
    case 'fn': {
      const v = e.args.map((a) => evaluateAt(a, x));
      const a = v[0];
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
        default: {
          // Stand-in for a special function: distinct per name, smooth, defined everywhere.
          let h = 0;
          for (const ch of e.name) h = (h * 31 + ch.charCodeAt(0)) % 997;
          return v.reduce((s, t, i) => s + Math.sin((h + 1 + i) * 0.013 * t + h) + 0.1 * t * t, 0);
        }
      }
    }
  }
}

/** Points where the trees are compared: both signs, inside and outside [-1, 1]. */
const POINTS = [0.37, 0.81, 1.43, 2.27, 3.1, 4.7, -0.59, -1.71, -2.9];

/**
 * Do two trees define the same function? Compared at POINTS; a point counts when both sides are
 * finite there, or both are not. At least three points must be finite on both sides.
 */
export function sameFunction(a: Expr, b: Expr): { same: boolean; detail: string } {
  let finite = 0;
  for (const x of POINTS) {
    const va = evaluateAt(a, x);
    const vb = evaluateAt(b, x);
    const fa = Number.isFinite(va);
    const fb = Number.isFinite(vb);
    if (fa !== fb) return { same: false, detail: `at x=${x}: ${va} vs ${vb}` };
    if (!fa) continue;
    finite++;
    if (Math.abs(va - vb) > 1e-9 * Math.max(1, Math.abs(va), Math.abs(vb))) return { same: false, detail: `at x=${x}: ${va} vs ${vb}` };
  }
  if (finite < 3) return { same: false, detail: `only ${finite} points where both are finite` };
  return { same: true, detail: '' };
}
