import { mkAdd, mkMul } from '../../expr/build.js';
import { ODE_UNKNOWNS } from '../../expr/odeUnknowns.js';
import { toInfix } from '../../expr/toInfix.js';
import { toLatex } from '../../expr/toLatex.js';
import type { Expr } from '../../expr/types.js';
import type { LinearOde } from './types.js';

/**
 * The equation in full, highest derivative first, in canonical infix (`y'' + 4*y = sin(3*x)`, what
 * readOde reads back to the same coefficients) or LaTeX (`y'' + 4 y = \sin\left(3 x\right)`).
 */
export function odeText(ode: LinearOde, notation: 'infix' | 'latex'): string {
  const terms: Expr[] = [];
  for (let k = ode.order; k >= 0; k--) {
    const c = ode.coefficients[k];
    if (c.type === 'num' && c.value === 0) continue;
    terms.push(mkMul([c, { type: 'sym', name: ODE_UNKNOWNS[k] }]));
  }
  const print = notation === 'latex' ? toLatex : toInfix;
  return `${print(mkAdd(terms))} = ${print(ode.rhs)}`;
}
