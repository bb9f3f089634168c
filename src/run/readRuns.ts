import { NotARunError, readRun } from './readRun.js';
import type { ReadWarning, RunData } from './runData.js';

/**
 * Read several runs for a side-by-side view: a path that is not a run is left out with a warning
 * naming it, as long as at least one other is readable; when none is, the first error is thrown.
 * Errors other than "not a run" (bugs) are not swallowed.
 */
export function readRuns(paths: readonly string[]): { runs: RunData[]; skipped: ReadWarning[] } {
  const runs: RunData[] = [];
  const skipped: ReadWarning[] = [];
  let first: NotARunError | null = null;
  for (const path of paths) {
    try {
      runs.push(readRun(path));
    } catch (err) {
      if (!(err instanceof NotARunError)) throw err;
      first ??= err;
      skipped.push({ file: path, line: null, message: `left out: ${err.message.startsWith(`${path}: `) ? err.message.slice(path.length + 2) : err.message}` });
    }
  }
  if (runs.length === 0 && first !== null) throw first;
  return { runs, skipped };
}
