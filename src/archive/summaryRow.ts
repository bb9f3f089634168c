import { entryTerms } from './problemMetrics.js';
import { runCounts, type RunCounts } from './runCounts.js';
import type { RunData } from '../run/runData.js';
import { numberOrNull } from '../run/toArchiveLine.js';

/**
 * The row Table 15 of the paper gives for an archive: how many iterations the search ran, the
 * archive's mean length, nodes and depth, and how its problems split by number of top-level terms;
 * with what the run found and spent (`RunCounts`): proven and unproven failures by kind and proof,
 * distinct signatures, target calls, tokens and cost.
 */
export interface SummaryRow extends RunCounts {
  readonly run: string;
  readonly target: string | null;
  readonly fitness: string | null;
  /** The run's length measure (`chars`, `tokens`, `nodes`), when config.json names it. */
  readonly lengthMeasure: string | null;
  readonly iterations: number | null;
  readonly archiveSize: number;
  readonly meanLength: number | null;
  readonly meanNodes: number | null;
  readonly meanDepth: number | null;
  /** Share of problems with 1, 2, 3 and 4 or more top-level terms (fractions of the problems whose terms are known). */
  readonly termShares: { readonly one: number | null; readonly two: number | null; readonly three: number | null; readonly fourOrMore: number | null };
  /** Entries whose number of terms is unknown (not recorded and the problem does not parse). */
  readonly unknownTerms: number;
}

export function summaryRow(run: RunData): SummaryRow {
  const { entries } = run;
  const counts = { one: 0, two: 0, three: 0, fourOrMore: 0 };
  let unknownTerms = 0;
  for (const e of entries) {
    const terms = entryTerms(e);
    if (terms === null) unknownTerms++;
    else if (terms <= 1) counts.one++;
    else if (terms === 2) counts.two++;
    else if (terms === 3) counts.three++;
    else counts.fourOrMore++;
  }
  const known = entries.length - unknownTerms;
  const share = (n: number) => (known > 0 ? n / known : null);
  return {
    run: run.name,
    target: runTarget(run),
    fitness: runFitness(run),
    lengthMeasure: runSetting(run, 'lengthMeasure'),
    iterations: runIterations(run),
    archiveSize: entries.length,
    meanLength: mean(entries.map((e) => e.length)),
    meanNodes: mean(entries.map((e) => e.nodes)),
    meanDepth: mean(entries.map((e) => e.depth)),
    termShares: { one: share(counts.one), two: share(counts.two), three: share(counts.three), fourOrMore: share(counts.fourOrMore) },
    unknownTerms,
    ...runCounts(run),
  };
}

/** Completed generations: the checkpoint's count, else the last generation logged or archived. */
export function runIterations(run: RunData): number | null {
  if (run.checkpointGeneration !== null) return run.checkpointGeneration;
  const last = (xs: number[]) => (xs.length > 0 ? Math.max(...xs) : null);
  return last(run.generations.map((g) => g.generation)) ?? last(run.entries.map((e) => e.generation));
}

/** A string setting of config.json's `settings`, if there is one. */
export function runSetting(run: RunData, name: string): string | null {
  const v = setting(run, name);
  return typeof v === 'string' ? v : null;
}

/** A numeric setting of config.json's `settings`, if there is one. */
export function numberSetting(run: RunData, name: string): number | null {
  return numberOrNull(setting(run, name));
}

function setting(run: RunData, name: string): unknown {
  const settings = run.config?.settings;
  return typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>)[name] : undefined;
}

export function runFitness(run: RunData): string | null {
  const fitness = run.config?.fitness;
  if (typeof fitness === 'object' && fitness !== null && typeof (fitness as Record<string, unknown>).spec === 'string') {
    return (fitness as Record<string, string>).spec;
  }
  return runSetting(run, 'fitness');
}

export function runTarget(run: RunData): string | null {
  const fromConfig = runSetting(run, 'target');
  if (fromConfig !== null) return fromConfig;
  const targets = [...new Set(run.entries.map((e) => e.target))];
  return targets.length > 0 ? targets.join(', ') : null;
}

function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}
