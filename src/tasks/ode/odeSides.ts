import { mkAdd, mkMul, mkNeg } from '../../expr/build.js';
import type { Expr } from '../../expr/types.js';
import { derivative } from '../../verify/derivative.js';
import type { LinearOde } from './types.js';

/**
 * The equation with the answer y put in, as two sides that are equal where y solves it: the leading
 * term a_n·y^(n) and rhs − (the lower terms). Neither is 0 for a typical answer, so they compare
 * like f and F' (a residual compared with 0 would have no scale to be resolved against, and a
 * homogeneous equation's residual is nothing else). y', y'' are sagga's exact derivatives.
 */
export function odeSides(ode: LinearOde, y: Expr): { ok: true; left: Expr; right: Expr } | { ok: false; reason: string } {
  const derivatives: Expr[] = [y];
  for (let k = 1; k <= ode.order; k++) {
    const d = derivative(derivatives[k - 1]);
    if (!d.ok) return { ok: false, reason: `cannot differentiate the answer: ${d.reason}` };
    derivatives.push(d.expr);
  }
  const n = ode.order;
  const left = mkMul([ode.coefficients[n], derivatives[n]]);
  const lower = derivatives.slice(0, n).map((d, k) => mkNeg(mkMul([ode.coefficients[k], d])));
  return { ok: true, left, right: mkAdd([ode.rhs, ...lower]) };
}
