import { perturbableIntegers, randomIntegerWithDigits, replaceIntegers } from '../src/expr/edit/perturbIntegers.js';
import { mul, num, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import type { MutationParams } from './types.js';

/** Digits of the new constant: 2 … 7 (the search's candidate check refuses integers beyond ±10^7). */
const MIN_DIGITS = 2;
const MAX_DIGITS = 7;

/**
 * ASyMOB's numeric-one perturbation as a mutation: one integer constant of the subtree (by value,
 * every occurrence; exponents are kept) becomes a random 2- to 7-digit integer. A subtree without
 * such a constant is scaled by one instead.
 */
export function numericBlowUpMutation(tree: Expr, rng: Rng, _params: MutationParams): Expr {
  const digits = rng.int(MIN_DIGITS, MAX_DIGITS);
  const values = perturbableIntegers(tree);
  if (values.length === 0) return mul(num(randomIntegerWithDigits(rng, digits)), tree);
  return replaceIntegers(tree, new Map([[rng.pick(values), randomIntegerWithDigits(rng, digits)]]));
}
