import { zetaOrder, type NamedConstant } from '../../expr/constants.js';
import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from '../cas/printForCas.js';

// Each function's Algebrite spelling, or a rewrite of its one argument u.
// Algebrite has no reciprocal trigonometric or hyperbolic functions, nor their inverses, nor cbrt;
// they are sent as the identities below, which hold wherever both sides are defined (cot as cos/sin
// rather than 1/tan so that it stays defined at pi/2). acot(u) = atan(1/u) is SymPy's real branch.
// Functions Algebrite does not know (Si, Ei, polylog …) keep our spelling on purpose.
const ALGEBRITE: Record<FnName, string | ((u: string) => string)> = {
  exp: 'exp',
  log: 'log',
  sqrt: 'sqrt',
  cbrt: (u) => `((${u})^(1/3))`,
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  cot: (u) => `(cos(${u})/sin(${u}))`,
  sec: (u) => `(1/cos(${u}))`,
  csc: (u) => `(1/sin(${u}))`,
  asin: 'arcsin',
  acos: 'arccos',
  atan: 'arctan',
  acot: (u) => `arctan(1/(${u}))`,
  asec: (u) => `arccos(1/(${u}))`,
  acsc: (u) => `arcsin(1/(${u}))`,
  sinh: 'sinh',
  cosh: 'cosh',
  tanh: 'tanh',
  coth: (u) => `(cosh(${u})/sinh(${u}))`,
  sech: (u) => `(1/cosh(${u}))`,
  csch: (u) => `(1/sinh(${u}))`,
  asinh: 'arcsinh',
  acosh: 'arccosh',
  atanh: 'arctanh',
  acoth: (u) => `arctanh(1/(${u}))`,
  asech: (u) => `arccosh(1/(${u}))`,
  acsch: (u) => `arcsinh(1/(${u}))`,
  abs: 'abs',
  sign: 'sgn',
  erf: 'erf',
  erfc: 'erfc',
  erfi: 'erfi',
  Ei: 'Ei',
  li: 'li',
  Si: 'Si',
  Ci: 'Ci',
  Shi: 'Shi',
  Chi: 'Chi',
  gamma: 'Gamma',
  lowergamma: 'lowergamma',
  uppergamma: 'uppergamma',
  fresnels: 'fresnels',
  fresnelc: 'fresnelc',
  polylog: 'polylog',
  LambertW: 'LambertW',
};

const CONSTANTS: Record<NamedConstant, string> = { pi: 'pi', e: 'exp(1)', Catalan: 'Catalan', EulerGamma: 'EulerGamma', oo: 'oo', DNE: 'DNE' };

const algebriteDialect: CasDialect = {
  // Algebrite reads a bare `e` as Euler's number too, but exp(1) cannot be mistaken for a variable.
  // It has no Catalan, γ or ζ: it keeps them as a symbol and a call of constants, which to an
  // integrator is what they are.
  constant: (name) => (zetaOrder(name) !== undefined ? name : CONSTANTS[name as NamedConstant]),
  fn: (name, args) => {
    const t = ALGEBRITE[name];
    if (typeof t === 'function' && args.length === 1) return t(args[0]);
    return `${typeof t === 'string' ? t : name}(${args.join(',')})`;
  },
};

/**
 * The problem in Algebrite's input syntax. Functions Algebrite does not know (Si, Ei, polylog …)
 * keep our name; Algebrite then answers "Unsupported function", which is a no-answer.
 */
export function toAlgebrite(e: Expr): string {
  return printForCas(e, algebriteDialect);
}
