import { instantiate } from '../expr/edit/instantiate.js';
import type { Expr } from '../expr/types.js';
import type { ParameterAssumptions } from './parameterAssumptions.js';
import type { VerifyOptions, VerifyResult } from './types.js';
import { verifyOverInstantiations, type InstantiationOptions } from './verifyOverInstantiations.js';
import { verifyPair } from './verifyPair.js';

/**
 * Is `answer` an antiderivative of `problem` for every value of their parameters within
 * `parameters`' assumptions? `verifyPair` over random instantiations (verifyOverInstantiations):
 * an answer right only for A = 1 is `incorrect`, its reason naming the values tried. Without
 * parameters it is `verifyPair` itself.
 */
export function verifyPairOverParameters(
  problem: Expr,
  answer: Expr,
  parameters: ParameterAssumptions,
  opts: Partial<VerifyOptions> & InstantiationOptions = {},
): VerifyResult {
  const { instantiations, rng, ...options } = opts;
  return verifyOverInstantiations(parameters, (values) => verifyPair(instantiate(problem, values), instantiate(answer, values), options), {
    instantiations,
    rng,
  });
}
