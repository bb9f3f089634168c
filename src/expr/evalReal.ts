import { erf, erfc, gamma, gammainc } from '../util/stdlibSpecial.js';
import { isConstantName } from './constants.js';
import { constantValue } from './constantValue.js';
import type { FnName } from './functions.js';
import type { Expr } from './types.js';

/** A tree compiled to a closure over x, evaluated in real double precision (NaN where undefined). */
export type RealFunction = (x: number) => number;

type Unary = (a: number) => number;
type Binary = (a: number, b: number) => number;

/** A function's real implementation with its argument count, or null where this evaluator has none. */
type RealImpl = { readonly arity: 1; readonly f: Unary } | { readonly arity: 2; readonly f: Binary } | null;

const u = (f: Unary): RealImpl => ({ arity: 1, f });
const b2 = (f: Binary): RealImpl => ({ arity: 2, f });

// Real branches: NaN outside the real domain (log(-1), sqrt(-1), (-8)^(1/3)), as SymPy's
// principal values are not real there either. cbrt is the real cube root, as in SymPy's real_root.
const REAL_FUNCTIONS: Record<FnName, RealImpl> = {
  exp: u(Math.exp),
  log: u(Math.log),
  sqrt: u(Math.sqrt),
  cbrt: u(Math.cbrt),
  sin: u(Math.sin),
  cos: u(Math.cos),
  tan: u(Math.tan),
  cot: u((a) => 1 / Math.tan(a)),
  sec: u((a) => 1 / Math.cos(a)),
  csc: u((a) => 1 / Math.sin(a)),
  asin: u(Math.asin),
  acos: u(Math.acos),
  atan: u(Math.atan),
  acot: u((a) => Math.atan(1 / a)),
  asec: u((a) => Math.acos(1 / a)),
  acsc: u((a) => Math.asin(1 / a)),
  sinh: u(Math.sinh),
  cosh: u(Math.cosh),
  tanh: u(Math.tanh),
  coth: u((a) => 1 / Math.tanh(a)),
  sech: u((a) => 1 / Math.cosh(a)),
  csch: u((a) => 1 / Math.sinh(a)),
  asinh: u(Math.asinh),
  acosh: u(Math.acosh),
  atanh: u(Math.atanh),
  acoth: u((a) => Math.atanh(1 / a)),
  asech: u((a) => Math.acosh(1 / a)),
  acsch: u((a) => Math.asinh(1 / a)),
  abs: u(Math.abs),
  sign: u(Math.sign),
  erf: u(erf),
  erfc: u(erfc),
  erfi: null, // not in double precision here: trees using it are not judged numerically
  Ei: null, // no double-precision implementation here
  li: null, // no double-precision implementation here
  Si: null, // no double-precision implementation here
  Ci: null, // no double-precision implementation here
  Shi: null, // no double-precision implementation here
  Chi: null, // no double-precision implementation here
  gamma: u(gamma),
  lowergamma: b2((s, x) => gammainc(x, s, false, false)),
  uppergamma: b2((s, x) => gammainc(x, s, false, true)),
  fresnels: null, // no double-precision implementation here
  fresnelc: null, // no double-precision implementation here
  polylog: null, // no double-precision implementation here
  LambertW: null, // no double-precision implementation here
};

/**
 * Compile a tree to a real-valued closure, or undefined when it uses a function this evaluator
 * does not know (erfi, Ei, li, Si, Ci, Shi, Chi, fresnels, fresnelc, polylog, LambertW) or a symbol
 * without a value (a parameter, an ODE's unknown): callers then cannot judge the tree numerically
 * and should not guess.
 */
export function compileReal(e: Expr): RealFunction | undefined {
  switch (e.type) {
    case 'num': {
      const v = e.value;
      return () => v;
    }
    case 'sym': {
      if (e.name === 'x') return (x) => x;
      // A parameter or an ODE's unknown has no value of its own (instantiate a parameter first).
      if (!isConstantName(e.name)) return undefined;
      const v = constantValue(e.name);
      return () => v;
    }
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
      const impl = REAL_FUNCTIONS[e.name];
      if (e.args.length === 1) {
        const f = impl !== null && impl.arity === 1 ? impl.f : undefined;
        const a = compileReal(e.args[0]);
        return f && a && ((x) => f(a(x)));
      }
      const f = impl !== null && impl.arity === 2 ? impl.f : undefined;
      const a = compileReal(e.args[0]);
      const b = e.args.length === 2 ? compileReal(e.args[1]) : undefined;
      return f && a && b && ((x) => f(a(x), b(x)));
    }
  }
}
