import { mergeTargetOptions } from '../targets/mergeTargetOptions.js';
import { createTarget, type TargetOptions } from '../targets/registry.js';
import { targetOptionsFromSettings } from '../targets/targetOptionsFromSettings.js';
import type { TargetSettings } from '../targets/types.js';
import { batchJobsFile } from '../run/batchJobsFile.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { verifyPair } from '../verify/verifyPair.js';
import { searchWithServices, type SearchCommandIo, type SearchCommandOptions, type SearchCommandResult } from './searchWithServices.js';

/**
 * A reference proves a failure only by solving the problem; what a CAS solves at all it solves in
 * milliseconds, and the problems it would spend seconds on are those the model declined for good
 * reason. Recorded in config.json with the references' other settings.
 */
export const REFERENCE_TIME_LIMIT_MS = 2000;

/** Options of `search`: those of `sagga search`, plus the target's own settings. */
export interface SearchOptions extends SearchCommandOptions {
  /** Settings of the model under test (time limit, OpenAI endpoint …); concurrency and the run directory come from the search. */
  readonly targetOptions?: Omit<TargetOptions, 'concurrency' | 'outDir'>;
}

/**
 * Run a SAGGA search from code, exactly as `sagga search` does: the same settings, run directory,
 * resume and result. It prints nothing and owns no signal: pass `io.progress` and `io.notify` to
 * hear from it, and `io.signal` to stop it after its current write.
 */
export async function search(options: SearchOptions, io: SearchCommandIo = {}): Promise<SearchCommandResult> {
  const { targetOptions, ...settings } = options;
  const outDir = settings.resume ?? settings.out;
  return searchWithServices(
    settings,
    {
      createTarget: (spec, { concurrency, recorded, task }) => {
        const own = recorded === undefined ? (targetOptions ?? {}) : resumedTargetOptions(recorded, targetOptions);
        // A --batch target keeps its jobs in the run directory, so that a resumed run waits for them.
        return createTarget(spec, {
          ...own,
          concurrency,
          outDir,
          task,
          ...(own.openai?.batch && outDir !== undefined ? { batchJobs: batchJobsFile(outDir) } : {}),
        });
      },
      // The target's options (its endpoint, prompt, time limit) are not the references'.
      createReference: (spec, { concurrency, task }) => createTarget(spec, { concurrency, timeLimitMs: REFERENCE_TIME_LIMIT_MS, task }),
      verify: (problem, answer) => verifyPair(problem, answer, SEARCH_VERIFY_OPTIONS),
    },
    io,
  );
}

/**
 * A resumed run's target options: those given again, else the ones its recorded settings give back
 * (so that the printed `sagga search --resume DIR` works for a run started with target options).
 */
function resumedTargetOptions(recorded: TargetSettings, given: SearchOptions['targetOptions']): NonNullable<SearchOptions['targetOptions']> {
  const fromRecord = targetOptionsFromSettings(recorded);
  if (fromRecord.missing.includes('--base-url') && given?.openai?.baseURL === undefined) {
    throw new Error("--resume: the run's --base-url held credentials, which config.json does not store; give --base-url again");
  }
  return mergeTargetOptions(fromRecord.options, given);
}
