import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from './printForCas.js';

const RENAMED: Partial<Record<FnName, string>> = {
  asin: 'arcsin',
  acos: 'arccos',
  atan: 'arctan',
  asinh: 'arcsinh',
  acosh: 'arccosh',
  atanh: 'arctanh',
  sign: 'sgn',
  gamma: 'Gamma',
};

// Algebrite has no reciprocal trigonometric or hyperbolic functions, nor their inverses, nor cbrt;
// they are sent as the identities below, which hold wherever both sides are defined (cot as cos/sin
// rather than 1/tan so that it stays defined at pi/2). acot(u) = atan(1/u) is SymPy's real branch.
const REWRITTEN: Partial<Record<FnName, (u: string) => string>> = {
  sec: (u) => `(1/cos(${u}))`,
  csc: (u) => `(1/sin(${u}))`,
  cot: (u) => `(cos(${u})/sin(${u}))`,
  sech: (u) => `(1/cosh(${u}))`,
  csch: (u) => `(1/sinh(${u}))`,
  coth: (u) => `(cosh(${u})/sinh(${u}))`,
  asec: (u) => `arccos(1/(${u}))`,
  acsc: (u) => `arcsin(1/(${u}))`,
  acot: (u) => `arctan(1/(${u}))`,
  asech: (u) => `arccosh(1/(${u}))`,
  acsch: (u) => `arcsinh(1/(${u}))`,
  acoth: (u) => `arctanh(1/(${u}))`,
  cbrt: (u) => `((${u})^(1/3))`,
};

const algebriteDialect: CasDialect = {
  // Algebrite reads a bare `e` as Euler's number too, but exp(1) cannot be mistaken for a variable.
  constant: (name) => (name === 'e' ? 'exp(1)' : 'pi'),
  fn: (name, args) => {
    const rewrite = REWRITTEN[name];
    if (rewrite !== undefined && args.length === 1) return rewrite(args[0]);
    return `${RENAMED[name] ?? name}(${args.join(',')})`;
  },
};

/**
 * The problem in Algebrite's input syntax. Functions Algebrite does not know (Si, Ei, polylog …)
 * keep our name; Algebrite then answers "Unsupported function", which is a no-answer.
 */
export function toAlgebrite(e: Expr): string {
  return printForCas(e, algebriteDialect);
}
