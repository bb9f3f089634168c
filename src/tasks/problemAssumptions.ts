import type { Assumption, ParameterAssumptions } from '../verify/parameterAssumptions.js';
import { problemParameters } from './problemParameters.js';
import type { TaskProblem } from './task.js';

/** What a search assumes of every parameter its mutations bring in: ASyMOB's "real and positive". */
export const SEARCH_ASSUMPTION: Assumption = 'positive';

/** Each parameter of the problem with `assumption` (the search's unless given): `{A: "positive"}`; `{}` without parameters. */
export function problemAssumptions(problem: TaskProblem, assumption: Assumption = SEARCH_ASSUMPTION): ParameterAssumptions {
  return Object.fromEntries(problemParameters(problem).map((name) => [name, assumption]));
}
