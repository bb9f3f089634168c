import { DEFAULT_CANDIDATE_LIMITS } from '../../constraints/candidateLimits.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { RUN_FILES, type RunConfig, type SearchSettings } from '../../src/run/runSchema.js';
import { SEARCH_DEFAULTS } from '../../src/search/resolveSearchSettings.js';

/**
 * A config.json of a run as `sagga search` writes it (the search's defaults, the target's name, no
 * resumes), with `settings` over the defaults: for tests of the run files that need a real one.
 */
export function runConfigFixture(settings: Partial<SearchSettings> = {}): RunConfig {
  const all: SearchSettings = { ...SEARCH_DEFAULTS, target: 'nerdamer', rngSeed: '2022', concurrency: 1, reference: [], ...settings };
  return {
    sagga: { version: '0.1.0', node: 'v20.0.0', dependencies: {} },
    created: '2026-01-01T00:00:00.000Z',
    settings: all,
    rng_seed: all.rngSeed,
    mutation_config: resolveMutationConfig(all.mutations),
    fitness: { spec: all.fitness, description: 'failure × short(chars)' },
    embedder: { name: all.embedder, dim: 64 },
    seeds: { name: all.seeds, source: all.seeds, count: 0 },
    candidate_limits: DEFAULT_CANDIDATE_LIMITS,
    target: { name: all.target, settings: {} },
    files: RUN_FILES,
    resumes: [],
  };
}
