import { sumGenerations } from '../archive/sumGenerations.js';
import { runCounts, type RunCounts } from '../archive/runCounts.js';
import { numberSetting, runIterations } from '../archive/summaryRow.js';
import type { RunData } from '../run/runData.js';

/**
 * The headline numbers of a run; null where the run directory does not record them. What it found
 * and spent (failures proven and unproven, signatures, target calls, tokens, cost) is `RunCounts`.
 */
export interface RunHeadline extends RunCounts {
  readonly archiveSize: number;
  /** `--archive-size` of the run. */
  readonly archiveTarget: number | null;
  readonly generations: number | null;
  readonly candidates: number | null;
  /** failures / evaluated (every failure, proven or not). */
  readonly failureRate: number | null;
  /** Answers per problem (Fail@k). */
  readonly k: number | null;
  readonly seconds: { readonly wall: number | null; readonly target: number | null; readonly verify: number | null; readonly engine: number | null };
  readonly stopReason: string | null;
}

/**
 * Headline numbers from the checkpoint's run totals (which survive resumes) when present, else
 * summed over generations.jsonl.
 */
export function runHeadline(run: RunData): RunHeadline {
  const t = run.totals;
  const gens = run.generations;
  const counts = runCounts(run);
  const { evaluated, failures } = counts;
  return {
    ...counts,
    archiveSize: run.entries.length,
    archiveTarget: numberSetting(run, 'archiveSize'),
    generations: runIterations(run),
    candidates: t?.candidates ?? sumGenerations(gens, (g) => g.candidates),
    failureRate: failures !== null && evaluated !== null && evaluated > 0 ? failures / evaluated : null,
    k: numberSetting(run, 'k'),
    seconds: {
      wall: t?.seconds.wall ?? null,
      target: t?.seconds.target ?? sumGenerations(gens, (g) => g.seconds.target),
      verify: t?.seconds.verify ?? sumGenerations(gens, (g) => g.seconds.verify),
      engine: t?.seconds.engine ?? sumGenerations(gens, (g) => g.seconds.engine),
    },
    stopReason: run.stopReason,
  };
}
