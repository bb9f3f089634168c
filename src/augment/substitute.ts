import { simplify } from '../expr/simplify.js';
import { hasX, mul, type Expr } from '../expr/types.js';
import { derivative } from '../verify/derivative.js';
import { substituteX } from './substituteX.js';

/**
 * The substitution rule run backwards: ∫ f(g(x))·g'(x) dx = F(g(x)). Returns the new problem and,
 * when F is known, its antiderivative; `undefined` when g does not depend on x or g' cannot be
 * written in the whitelist.
 */
export function substitute(f: Expr, g: Expr, F?: Expr): { problem: Expr; answer?: Expr } | undefined {
  if (!hasX(g)) return undefined;
  const dg = derivative(g);
  if (!dg.ok) return undefined;
  const gPrime = simplify(dg.expr);
  const problem = simplify(mul(substituteX(f, g), gPrime));
  return F === undefined ? { problem } : { problem, answer: simplify(substituteX(F, g)) };
}
