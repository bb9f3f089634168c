import { instantiate, type ParameterValues } from '../expr/edit/instantiate.js';
import type { Expr } from '../expr/types.js';
import type { ParameterAssumptions } from '../verify/parameterAssumptions.js';
import { drawParameterValues, type InstantiationOptions } from '../verify/drawParameterValues.js';
import { parameterNames } from '../verify/parameterAssumptions.js';
import { summarizeInstantiations } from '../verify/summarizeInstantiations.js';
import type { VerifyResult } from '../verify/types.js';
import { instantiateProblem } from './instantiateProblem.js';
import type { ProblemVerifier, TaskProblem } from './task.js';

/**
 * A task's verifier for problems with parameters (`A`, `B` …), whatever the task: a problem without
 * any goes to `verify` as it is; one with some is verified over random instantiations of them within
 * their assumptions (`assumptionsOf`: the search's "real and positive", or a line's `parameters`),
 * problem and answer alike, each as a problem without parameters. The worst verdict wins and its
 * reason names the instantiation (`incorrect for A = 2.37: …`), as verifyOverInstantiations has it.
 */
export function parametricVerifier(
  verify: ProblemVerifier,
  assumptionsOf: (problem: TaskProblem) => ParameterAssumptions,
  options: InstantiationOptions = {},
): ProblemVerifier {
  return (problem, answer) => {
    const assumptions = assumptionsOf(problem);
    // Without parameters, exactly the task's verifier (and its timing: nothing is awaited in between).
    if (parameterNames(assumptions).length === 0) return verify(problem, answer);
    return overInstantiations(verify, problem, answer, assumptions, options);
  };
}

async function overInstantiations(
  verify: ProblemVerifier,
  problem: TaskProblem,
  answer: Expr,
  assumptions: ParameterAssumptions,
  options: InstantiationOptions,
): Promise<VerifyResult> {
  const started = performance.now();
  const tried: { result: VerifyResult; values: ParameterValues }[] = [];
  for (const values of drawParameterValues(assumptions, options)) {
    const result = await verify(instantiateProblem(problem, values), instantiate(answer, values));
    tried.push({ result, values });
    if (result.verdict === 'incorrect') break;
  }
  return summarizeInstantiations(tried, started);
}
