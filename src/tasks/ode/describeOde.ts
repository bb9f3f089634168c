import { mkAdd, mkMul } from '../../expr/build.js';
import { ODE_UNKNOWNS } from '../../expr/odeUnknowns.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import type { LinearOde } from './types.js';

/** The equation as sagga reads it, for reasons: `y'' + 4*y = sin(3*x)`. */
export function describeOde(ode: LinearOde): string {
  const terms: Expr[] = [];
  for (let k = ode.order; k >= 0; k--) {
    const c = ode.coefficients[k];
    if (c.type === 'num' && c.value === 0) continue;
    terms.push(mkMul([c, { type: 'sym', name: ODE_UNKNOWNS[k] }]));
  }
  return `${clip(toInfix(mkAdd(terms)), 100)} = ${clip(toInfix(ode.rhs), 100)}`;
}
