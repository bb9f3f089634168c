import { simplify } from '../simplify.js';
import { hasX, mul, type Expr } from '../types.js';
import { substituteX } from './substituteX.js';

/**
 * d/dx of a tree, or undefined when it cannot be written in the whitelist. Passed in by the caller
 * (src/verify's `derivative`), so that src/expr does not import the verifier.
 */
export type Differentiate = (g: Expr) => Expr | undefined;

/**
 * The substitution rule run backwards: ∫ f(g(x))·g'(x) dx = F(g(x)). Returns the new problem and,
 * when F is known, its antiderivative; `undefined` when g does not depend on x or g' cannot be
 * written in the whitelist.
 */
export function substitute(f: Expr, g: Expr, differentiate: Differentiate, F?: Expr): { problem: Expr; answer?: Expr } | undefined {
  if (!hasX(g)) return undefined;
  const dg = differentiate(g);
  if (dg === undefined) return undefined;
  const gPrime = simplify(dg);
  const problem = simplify(mul(substituteX(f, g), gPrime));
  return F === undefined ? { problem } : { problem, answer: simplify(substituteX(F, g)) };
}
