import { zetaOrder, type NamedConstant } from '../../expr/constants.js';
import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from '../cas/printForCas.js';

// nerdamer knows every elementary name of our whitelist under the same spelling, plus erf, Si, Ci,
// Ei, Shi, Chi; its `Li` is the logarithmic integral Ei(log x), our `li`. Any other special
// function is sent under our name: nerdamer then cannot integrate it and says so (no-answer).
const SPELLING: Record<FnName, string> = {
  exp: 'exp',
  log: 'log',
  sqrt: 'sqrt',
  cbrt: 'cbrt',
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
  sign: 'sign',
  erf: 'erf',
  erfc: 'erfc',
  erfi: 'erfi',
  Ei: 'Ei',
  li: 'Li',
  Si: 'Si',
  Ci: 'Ci',
  Shi: 'Shi',
  Chi: 'Chi',
  gamma: 'gamma',
  lowergamma: 'lowergamma',
  uppergamma: 'uppergamma',
  fresnels: 'fresnels',
  fresnelc: 'fresnelc',
  polylog: 'polylog',
  LambertW: 'LambertW',
};

// `e` and `pi` are nerdamer's own constants; it takes Catalan and EulerGamma for symbols, which a
// constant is to an integrator. It would read `zeta(3)` as 3·zeta, so ζ(n) goes as the symbol zeta_n.
const CONSTANTS: Record<NamedConstant, string> = { pi: 'pi', e: 'e', Catalan: 'Catalan', EulerGamma: 'EulerGamma', oo: 'Infinity', DNE: 'DNE' };

const nerdamerDialect: CasDialect = {
  constant: (name) => {
    const n = zetaOrder(name);
    return n === undefined ? CONSTANTS[name as NamedConstant] : `zeta_${n}`;
  },
  fn: (name, args) => `${SPELLING[name]}(${args.join(',')})`,
};

/** The problem in nerdamer's input syntax. */
export function toNerdamer(e: Expr): string {
  return printForCas(e, nerdamerDialect);
}
