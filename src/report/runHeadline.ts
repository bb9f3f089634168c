import { numberSetting, runIterations } from '../archive/summaryRow.js';
import type { RunData } from '../run/runData.js';
import type { GenerationLine } from '../run/runSchema.js';

/** The headline numbers of a run; null where the run directory does not record them. */
export interface RunHeadline {
  readonly archiveSize: number;
  /** `--archive-size` of the run. */
  readonly archiveTarget: number | null;
  readonly generations: number | null;
  readonly candidates: number | null;
  readonly evaluated: number | null;
  readonly failures: number | null;
  /** failures / evaluated. */
  readonly failureRate: number | null;
  /** Problems put to the target (each asked for k answers). */
  readonly targetCalls: number | null;
  /** Answers per problem (Fail@k). */
  readonly k: number | null;
  readonly tokens: number | null;
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
  const candidates = t?.candidates ?? sum(gens, (g) => g.candidates);
  const evaluated = t?.evaluated ?? sum(gens, (g) => g.evaluated);
  const failures = t?.failures ?? sum(gens, (g) => g.failures);
  const secondsTarget = t?.seconds.target ?? sum(gens, (g) => g.seconds.target);
  const secondsVerify = t?.seconds.verify ?? sum(gens, (g) => g.seconds.verify);
  const secondsEngine = t?.seconds.engine ?? sum(gens, (g) => g.seconds.engine);
  return {
    archiveSize: run.entries.length,
    archiveTarget: numberSetting(run, 'archiveSize'),
    generations: runIterations(run),
    candidates,
    evaluated,
    failures,
    failureRate: failures !== null && evaluated !== null && evaluated > 0 ? failures / evaluated : null,
    targetCalls: t?.asked ?? sum(gens, (g) => g.asked),
    k: numberSetting(run, 'k'),
    tokens: t?.tokens ?? sum(gens, (g) => g.tokens),
    seconds: { wall: t?.seconds.wall ?? null, target: secondsTarget, verify: secondsVerify, engine: secondsEngine },
    stopReason: run.stopReason,
  };
}

/** Sum of a field over the generations that record it; null when none does. */
function sum(rows: readonly GenerationLine[], pick: (g: GenerationLine) => number | null): number | null {
  let total = 0;
  let any = false;
  for (const g of rows) {
    const v = pick(g);
    if (v !== null) {
      total += v;
      any = true;
    }
  }
  return any ? total : null;
}
