import { freeSymbols } from '../expr/freeSymbols.js';
import { isParameterLetter, PARAMETER_LETTERS, type ParameterLetter } from '../expr/parameters.js';
import type { TaskProblem } from './task.js';

/**
 * The parameters a problem uses (`A`, `B` … in its tree and in its parameters that are trees: an
 * ODE's coefficients and conditions, a bound or a point), each once, in the order of
 * PARAMETER_LETTERS. An answer's constants C1 … C9 are not among them.
 */
export function problemParameters(problem: TaskProblem): ParameterLetter[] {
  const found = new Set<ParameterLetter>();
  const collect = (tree: Parameters<typeof freeSymbols>[0]) => {
    for (const p of freeSymbols(tree).parameters) if (isParameterLetter(p)) found.add(p);
  };
  collect(problem.expr);
  for (const value of Object.values(problem.params)) if (typeof value === 'object') collect(value);
  return PARAMETER_LETTERS.filter((letter) => found.has(letter));
}
