import type { GenerationRecord, RunTotals, StopReason } from '../run/runSchema.js';
import type { BudgetName } from './spendingBudget.js';

/** How a run went, as `runGenerations` returns it and reporters print it. */
export interface SearchSummary {
  readonly outDir: string;
  readonly stopReason: StopReason;
  /** Completed generations. */
  readonly generations: number;
  readonly archiveSize: number;
  readonly archiveTarget: number;
  /** Mean length (run's measure) over the whole archive. */
  readonly archiveMeanLength: number | null;
  /** Generation the run was resumed after, null for a fresh run. */
  readonly resumedAfter: number | null;
  readonly totals: RunTotals;
  /** For `target-broken`: what the target last reported (its last error, exit code, stderr tail). */
  readonly targetTrouble?: string;
  /** For `budget`: which budget stopped the run. */
  readonly budget?: BudgetName;
  /** Distinct signatures archived (the bugs found). */
  readonly signatures?: number;
  /** Generations and target calls since the last new signature (what `stagnated` waited for). */
  readonly stale?: { readonly generations: number; readonly calls: number };
}

export interface GenerationStart {
  readonly generation: number;
  /** Problems put to the target this generation. */
  readonly asked: number;
  readonly archiveSize: number;
  readonly archiveTarget: number;
}

export interface GenerationProgress {
  readonly generation: number;
  readonly done: number;
  readonly total: number;
  readonly failures: number;
  /** Archive size if every failure so far meets τ (an upper bound until the generation ends). */
  readonly archiveSize: number;
}

/** Where a run reports what it is doing. Implementations must never throw. */
export interface ProgressReporter {
  runStart(info: { readonly outDir: string; readonly resumedAfter: number | null; readonly archiveSize: number; readonly archiveTarget: number }): void;
  generationStart(info: GenerationStart): void;
  progress(info: GenerationProgress): void;
  generationEnd(row: GenerationRecord): void;
  message(text: string): void;
  runEnd(summary: SearchSummary): void;
}

/** Reports nothing (tests, library use). */
export function silentProgress(): ProgressReporter {
  const nothing = () => {};
  return { runStart: nothing, generationStart: nothing, progress: nothing, generationEnd: nothing, message: nothing, runEnd: nothing };
}
