import { simplify } from '../simplify.js';
import { add, fn, mul, neg, num, pow, sub, X, type Expr } from '../types.js';
import type { Rng } from '../../util/rng.js';

const sq = (e: Expr): Expr => pow(e, num(2));

/**
 * Factors equal to 1 for every real argument q where they are defined (ASyMOB's equivalence
 * perturbations, Table 3, the ones our function set can write): each takes the argument q.
 */
export const IDENTITY_FACTORS: readonly { readonly name: string; readonly build: (q: Expr) => Expr }[] = [
  { name: 'sin^2(-q)+cos^2(q)', build: (q) => add(sq(fn('sin', neg(q))), sq(fn('cos', q))) },
  { name: 'cosh^2(q)-sinh^2(q)', build: (q) => sub(sq(fn('cosh', q)), sq(fn('sinh', q))) },
  { name: 'sec^2(q)-tan^2(q)', build: (q) => sub(sq(fn('sec', q)), sq(fn('tan', q))) },
  { name: 'csc^2(q)-cot^2(q)', build: (q) => sub(sq(fn('csc', q)), sq(fn('cot', q))) },
  { name: 'exp(q)*exp(-q)', build: (q) => mul(fn('exp', q), fn('exp', neg(q))) },
  { name: 'cos(2q)+2sin^2(q)', build: (q) => add(fn('cos', mul(num(2), q)), mul(num(2), sq(fn('sin', q)))) },
];

/** An easy identity argument: Q·x with Q ∈ {2 … 9}. */
export function easyIdentityArgument(rng: Rng): Expr {
  return simplify(mul(num(rng.int(2, 9)), X));
}

/**
 * A hard identity argument: a small polynomial in x (a·x^m + b with a ∈ {2 … 9}, m ∈ {1, 2, 3},
 * b ∈ {-9 … 9} without 0), so the factor's pieces look like part of the problem. b ≠ 0 keeps the
 * argument away from 0 near x = 0, where csc² − cot² would cancel two huge numbers.
 */
export function hardIdentityArgument(rng: Rng): Expr {
  const m = rng.int(1, 3);
  return simplify(add(mul(num(rng.int(2, 9)), m === 1 ? X : pow(X, num(m))), num(rng.pick([-9, -8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9]))));
}
