import { createTarget, type TargetOptions } from '../targets/registry.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { verifyPair } from '../verify/verifyPair.js';
import { startSearch, type SearchCommandIo, type SearchCommandOptions, type SearchCommandResult } from './startSearch.js';

/** Options of `search`: those of `sagga search`, plus the target's own settings. */
export interface SearchOptions extends SearchCommandOptions {
  /** Settings of the model under test (time limit, OpenAI endpoint …); concurrency and the run directory come from the search. */
  readonly targetOptions?: Omit<TargetOptions, 'concurrency' | 'outDir'>;
}

/**
 * Run a SAGGA search from code, exactly as `sagga search` does: the same settings, run directory,
 * resume and result. Pass `io.signal` to stop it; without one, SIGINT, SIGTERM and SIGHUP stop it
 * after the current write for as long as it runs.
 */
export async function search(options: SearchOptions, io: SearchCommandIo = {}): Promise<SearchCommandResult> {
  const { targetOptions, ...settings } = options;
  const outDir = settings.resume ?? settings.out;
  return startSearch(
    settings,
    {
      createTarget: (spec, { concurrency }) => createTarget(spec, { ...targetOptions, concurrency, outDir }),
      verify: (problem, answer) => verifyPair(problem, answer, SEARCH_VERIFY_OPTIONS),
    },
    io,
  );
}
