import { zetaOrder, type NamedConstant } from '../../expr/constants.js';
import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from '../cas/printForCas.js';

// Each function's Maxima spelling (most are spelled as ours: exp, log, sqrt, the trigonometric and
// hyperbolic functions and their inverses, abs, erf, erfc, erfi, gamma), or how to print the call.
const MAXIMA: Record<FnName, string | ((args: readonly string[]) => string)> = {
  exp: 'exp',
  log: 'log',
  sqrt: 'sqrt',
  // Maxima's x^(1/3) is the real cube root (domain: real), as our cbrt is.
  cbrt: (args) => `((${args[0]})^(1/3))`,
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  cot: 'cot',
  sec: 'sec',
  csc: 'csc',
  asin: 'asin',
  acos: 'acos',
  atan: 'atan',
  acot: 'acot',
  asec: 'asec',
  acsc: 'acsc',
  sinh: 'sinh',
  cosh: 'cosh',
  tanh: 'tanh',
  coth: 'coth',
  sech: 'sech',
  csch: 'csch',
  asinh: 'asinh',
  acosh: 'acosh',
  atanh: 'atanh',
  acoth: 'acoth',
  asech: 'asech',
  acsch: 'acsch',
  abs: 'abs',
  sign: 'signum',
  erf: 'erf',
  erfc: 'erfc',
  erfi: 'erfi',
  Ei: 'expintegral_ei',
  li: 'expintegral_li',
  Si: 'expintegral_si',
  Ci: 'expintegral_ci',
  Shi: 'expintegral_shi',
  Chi: 'expintegral_chi',
  gamma: 'gamma',
  lowergamma: 'gamma_incomplete_lower',
  uppergamma: 'gamma_incomplete',
  fresnels: 'fresnel_s',
  fresnelc: 'fresnel_c',
  // Maxima writes the polylogarithm Li_s(z) as li[s](z).
  polylog: (args) => `li[${args[0]}](${args[1]})`,
  LambertW: 'lambert_w',
};

// Maxima's own constants; its zeta(n) is ours.
const CONSTANTS: Record<NamedConstant, string> = { pi: '%pi', e: '%e', Catalan: '%catalan', EulerGamma: '%gamma', oo: 'inf', DNE: 'und' };

const maximaDialect: CasDialect = {
  constant: (name) => (zetaOrder(name) !== undefined ? name : CONSTANTS[name as NamedConstant]),
  fn: (name, args) => {
    const t = MAXIMA[name];
    return typeof t === 'function' ? t(args) : `${t}(${args.join(',')})`;
  },
};

/** The problem in Maxima's input syntax (`%e`, `%pi`, `signum`, `expintegral_ei` …). */
export function toMaxima(e: Expr): string {
  return printForCas(e, maximaDialect);
}
