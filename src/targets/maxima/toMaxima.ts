import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from '../convert/printForCas.js';

// Our names that Maxima spells differently. Everything else (exp, log, sqrt, the trigonometric and
// hyperbolic functions and their inverses, abs, erf, erfc, erfi, gamma) is spelled the same.
const RENAMED: Partial<Record<FnName, string>> = {
  sign: 'signum',
  Ei: 'expintegral_ei',
  li: 'expintegral_li',
  Si: 'expintegral_si',
  Ci: 'expintegral_ci',
  Shi: 'expintegral_shi',
  Chi: 'expintegral_chi',
  lowergamma: 'gamma_incomplete_lower',
  uppergamma: 'gamma_incomplete',
  fresnels: 'fresnel_s',
  fresnelc: 'fresnel_c',
  LambertW: 'lambert_w',
};

const maximaDialect: CasDialect = {
  constant: (name) => (name === 'e' ? '%e' : '%pi'),
  fn: (name, args) => {
    // Maxima's x^(1/3) is the real cube root (domain: real), as our cbrt is.
    if (name === 'cbrt') return `((${args[0]})^(1/3))`;
    // Maxima writes the polylogarithm Li_s(z) as li[s](z).
    if (name === 'polylog') return `li[${args[0]}](${args[1]})`;
    return `${RENAMED[name] ?? name}(${args.join(',')})`;
  },
};

/** The problem in Maxima's input syntax (`%e`, `%pi`, `signum`, `expintegral_ei` …). */
export function toMaxima(e: Expr): string {
  return printForCas(e, maximaDialect);
}
