import type { ParameterValues } from '../expr/edit/instantiate.js';
import { createRng, type Rng } from '../util/rng.js';
import { drawInstantiations } from './drawInstantiations.js';
import { parameterNames, type ParameterAssumptions } from './parameterAssumptions.js';

/** Instantiations an answer is checked over, unless a caller says otherwise. */
export const DEFAULT_INSTANTIATIONS = 4;
/** The seed of the default generator: the values drawn, and so a pair's verdict, depend on the pair alone. */
export const INSTANTIATION_SEED = 'sagga/parameters';

export interface InstantiationOptions {
  /** How many instantiations (default DEFAULT_INSTANTIATIONS). */
  readonly instantiations?: number;
  /** Where the values come from (default: a generator seeded with INSTANTIATION_SEED). */
  readonly rng?: Rng;
}

/** The instantiations a pair with these parameters is verified over (seeded: the same for the same pair). */
export function drawParameterValues(parameters: ParameterAssumptions, options: InstantiationOptions = {}): ParameterValues[] {
  const names = parameterNames(parameters);
  const count = Math.max(1, Math.floor(options.instantiations ?? DEFAULT_INSTANTIATIONS));
  const rng = options.rng ?? createRng(INSTANTIATION_SEED);
  return drawInstantiations(
    names.map((n) => [n, parameters[n] ?? 'positive'] as const),
    count,
    rng,
  );
}
