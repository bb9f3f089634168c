import { PARAMETER_LETTERS, type ParameterLetter } from '../src/expr/parameters.js';
import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import type { MutationParams } from './types.js';

/** Parameters a problem may gather (ASyMOB's problems have up to four: A, B, F, G): past them, one is reused. */
export const MAX_PROBLEM_PARAMETERS = 4;

/**
 * ASyMOB's symbolic perturbation: a numeric leaf becomes a parameter, either one the problem already
 * has (`params.parameters`, half of the time when there is one) or the first letter of
 * PARAMETER_LETTERS it does not use yet (A, then B, F, G …), so `3*x + 5` may become `A*x + 5` and
 * then `A*x + A` or `A*x + B`. Any other leaf is returned as it is. The new parameter's assumption is
 * its problem's to state (positive by default).
 */
export function symbolicPerturbationMutation(tree: Expr, rng: Rng, params: MutationParams): Expr {
  if (tree.type !== 'num') return tree;
  const existing = params.parameters ?? [];
  const fresh = PARAMETER_LETTERS.find((letter) => !existing.includes(letter));
  const reuse = existing.length > 0 && (fresh === undefined || existing.length >= MAX_PROBLEM_PARAMETERS || rng.next() < 0.5);
  const name: ParameterLetter = reuse ? rng.pick(existing) : fresh!;
  return { type: 'sym', name };
}
