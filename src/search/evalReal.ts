import { erf, erfc, gamma, gammainc } from '../util/stdlibSpecial.js';
import type { FnName } from '../expr/functions.js';
import type { Expr } from '../expr/types.js';

/** A tree compiled to a closure over x, evaluated in real double precision (NaN where undefined). */
export type RealFunction = (x: number) => number;

type Unary = (a: number) => number;

// Real branches: NaN outside the real domain (log(-1), sqrt(-1), (-8)^(1/3)), as SymPy's
// principal values are not real there either. cbrt is the real cube root, as in SymPy's real_root.
const UNARY: Partial<Record<FnName, Unary>> = {
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  cot: (a) => 1 / Math.tan(a),
  sec: (a) => 1 / Math.cos(a),
  csc: (a) => 1 / Math.sin(a),
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  acot: (a) => Math.atan(1 / a),
  asec: (a) => Math.acos(1 / a),
  acsc: (a) => Math.asin(1 / a),
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  coth: (a) => 1 / Math.tanh(a),
  sech: (a) => 1 / Math.cosh(a),
  csch: (a) => 1 / Math.sinh(a),
  asinh: Math.asinh,
  acosh: Math.acosh,
  atanh: Math.atanh,
  acoth: (a) => Math.atanh(1 / a),
  asech: (a) => Math.acosh(1 / a),
  acsch: (a) => Math.asinh(1 / a),
  abs: Math.abs,
  sign: Math.sign,
  erf,
  erfc,
  gamma,
};

const BINARY: Partial<Record<FnName, (a: number, b: number) => number>> = {
  lowergamma: (s, x) => gammainc(x, s, false, false),
  uppergamma: (s, x) => gammainc(x, s, false, true),
};

/**
 * Compile a tree to a real-valued closure, or undefined when it uses a function this evaluator
 * does not know (erfi, Ei, li, Si, Ci, Shi, Chi, fresnels, fresnelc, polylog, LambertW): callers
 * then cannot judge the tree numerically and should not guess.
 */
export function compileReal(e: Expr): RealFunction | undefined {
  switch (e.type) {
    case 'num': {
      const v = e.value;
      return () => v;
    }
    case 'sym':
      if (e.name === 'x') return (x) => x;
      if (e.name === 'pi') return () => Math.PI;
      return () => Math.E;
    case 'neg': {
      const a = compileReal(e.args[0]);
      return a && ((x) => -a(x));
    }
    case 'add':
    case 'mul': {
      const parts: RealFunction[] = [];
      for (const c of e.args) {
        const f = compileReal(c);
        if (!f) return undefined;
        parts.push(f);
      }
      if (e.type === 'add') {
        return (x) => {
          let s = 0;
          for (const f of parts) s += f(x);
          return s;
        };
      }
      return (x) => {
        let p = 1;
        for (const f of parts) p *= f(x);
        return p;
      };
    }
    case 'div': {
      const a = compileReal(e.args[0]);
      const b = compileReal(e.args[1]);
      return a && b && ((x) => a(x) / b(x));
    }
    case 'pow': {
      const a = compileReal(e.args[0]);
      const b = compileReal(e.args[1]);
      return a && b && ((x) => Math.pow(a(x), b(x)));
    }
    case 'fn': {
      if (e.args.length === 1) {
        const f = UNARY[e.name];
        const a = compileReal(e.args[0]);
        return f && a && ((x) => f(a(x)));
      }
      const f = BINARY[e.name];
      const a = compileReal(e.args[0]);
      const b = e.args.length === 2 ? compileReal(e.args[1]) : undefined;
      return f && a && b && ((x) => f(a(x), b(x)));
    }
  }
}
