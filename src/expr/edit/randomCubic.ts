import { simplify } from '../simplify.js';
import { add, mul, num, pow, X, type Expr } from '../types.js';
import type { Rng } from '../../util/rng.js';

/**
 * g(x) = c3·x³ + c2·x² + c1·x + c0 with integer coefficients from {-bound … bound}, c3 ≠ 0
 * (AntiderivBench's subst_poly draws from {-9 … 9}).
 */
export function randomCubic(rng: Rng, bound = 9): Expr {
  let c3 = 0;
  while (c3 === 0) c3 = rng.int(-bound, bound);
  const c2 = rng.int(-bound, bound);
  const c1 = rng.int(-bound, bound);
  const c0 = rng.int(-bound, bound);
  return simplify(add(mul(num(c3), pow(X, num(3))), mul(num(c2), pow(X, num(2))), mul(num(c1), X), num(c0)));
}
