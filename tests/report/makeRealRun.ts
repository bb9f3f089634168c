import { searchWithServices } from '../../src/search/searchWithServices.js';
import { silentProgress } from '../../src/search/progressReporter.js';
import { createNerdamerTarget } from '../../src/targets/nerdamer/nerdamerTarget.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

/**
 * A small, real `sagga search` run against nerdamer (worker threads from dist/, so run `npx tsc`
 * first; `npm test` does): three generations of 40 candidates. Small constants and no new powers keep
 * nerdamer off the problems it hangs on (as in tests/cli/searchCommand.test.ts); the 20 s time limit
 * keeps a slow machine from turning an answer into a timeout, so the archive does not depend on load.
 */
export async function makeRealRun(
  out: string,
  options: { rngSeed: string; fitness?: string; generationSize?: number; maxGenerations?: number; failures?: 'proven' | 'all' },
): Promise<void> {
  const result = await searchWithServices(
    {
      out,
      target: 'nerdamer',
      rngSeed: options.rngSeed,
      fitness: options.fitness ?? 'short',
      generationSize: options.generationSize ?? 40,
      seedSize: 6,
      clusters: 2,
      maxGenerations: options.maxGenerations ?? 3,
      ops: 'add,mul',
      mutationParams: JSON.stringify({ vmin: -10, vmax: 10, leaf: { leafSimpleOperationMutation: 0 } }),
      concurrency: 2,
      // The paper's rule: every failure is archived, with its proof when there is one. nerdamer
      // declines most of the problems it fails here, and few of those have a closed form a
      // reference finds, so proven failures alone would leave these small runs almost empty.
      failures: options.failures ?? 'all',
      // The paper's search and archive (every distinct failing problem, not one per signature): the
      // report's table needs rows to filter, and this run is about the report, not the search.
      novelty: 'exact',
      seedSelection: 'kmeans',
    },
    {
      createTarget: (_spec, o) => createNerdamerTarget({ concurrency: o.concurrency, timeLimitMs: 20_000 }),
      verify: (problem, answer) => verifyPair(problem, answer, SEARCH_VERIFY_OPTIONS),
    },
    { signal: new AbortController().signal, progress: silentProgress() },
  );
  if (result.summary.stopReason === 'interrupted' || result.summary.stopReason === 'target-broken')
    throw new Error(`search run in ${out} stopped: ${result.summary.stopReason}`);
}
