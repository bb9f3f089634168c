import { freeSymbols } from '../expr/freeSymbols.js';
import type { Expr } from '../expr/types.js';

/**
 * Why a pair cannot be verified as it is, when one of its trees (named by its field) holds a
 * parameter without a value, or an ODE's unknown: undefined otherwise. A task verifier refuses such
 * a pair as `invalid`; its string entry point, given the line's `parameters`, verifies it over
 * instantiations instead (verifyOverInstantiations).
 */
export function unboundParameterReason(fields: ReadonlyArray<readonly [string, Expr | undefined]>): string | undefined {
  for (const [field, tree] of fields) {
    if (tree === undefined) continue;
    const { parameters, unknowns } = freeSymbols(tree);
    if (parameters.length > 0) return `${field}: the parameter ${parameters[0]} has no value (a pair with parameters is verified over instantiations of them)`;
    if (unknowns.length > 0) return `${field}: ${unknowns[0]} is an equation's unknown, not a value`;
  }
  return undefined;
}
