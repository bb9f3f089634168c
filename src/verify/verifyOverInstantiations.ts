import type { ParameterValues } from '../expr/edit/instantiate.js';
import { drawParameterValues, type InstantiationOptions } from './drawParameterValues.js';
import { parameterNames, type ParameterAssumptions } from './parameterAssumptions.js';
import { summarizeInstantiations } from './summarizeInstantiations.js';
import type { VerifyResult } from './types.js';

export { DEFAULT_INSTANTIATIONS, INSTANTIATION_SEED, type InstantiationOptions } from './drawParameterValues.js';

/** What a task's string entry point takes for a line with parameters. */
export interface ParametricOptions extends InstantiationOptions {
  /** The line's `parameters`: the names its fields may use and what each is assumed to be. */
  readonly parameters?: ParameterAssumptions;
}

/**
 * A task's verification of one pair with parameters, run over several random instantiations of them
 * within their assumptions (drawInstantiations: seeded, DEFAULT_INSTANTIATIONS of them, magnitudes
 * over [1/10, 10] away from simple fractions). `verifyOne` gets each instantiation's values (it puts
 * them in place with expr/edit/instantiate.ts and verifies as without parameters). The worst
 * verdict wins (incorrect, then invalid, then unknown, then correct), stopping at the first
 * `incorrect`, and its reason names the instantiation: `incorrect for A = 2.37: …`. Each
 * instantiation spends a pair's budget of its own, so the work is at most `instantiations` times
 * one pair's.
 *
 * Without parameters, `verifyOne({})` is the verdict, returned as it is.
 */
export function verifyOverInstantiations<R extends VerifyResult>(
  parameters: ParameterAssumptions,
  verifyOne: (values: ParameterValues) => R,
  options: InstantiationOptions = {},
): R {
  const names = parameterNames(parameters);
  if (names.length === 0) return verifyOne({});
  const started = performance.now();
  const tried: { result: R; values: ParameterValues }[] = [];
  for (const values of drawParameterValues(parameters, options)) {
    const result = verifyOne(values);
    tried.push({ result, values });
    if (result.verdict === 'incorrect') break;
  }
  return summarizeInstantiations(tried, started);
}
