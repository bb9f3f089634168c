import { formatWarning } from '../run/readRun.js';
import { readRuns } from '../run/readRuns.js';
import { formatSummaryRows } from './formatSummaryRows.js';
import { summaryRow, type SummaryRow } from './summaryRow.js';

export interface ArchiveStatsOptions {
  /** `text` (default): a Markdown table; `json`: the rows as a JSON array (one element per directory). */
  readonly format?: 'text' | 'json';
}

export interface ArchiveStatsResult {
  /** What to print on stdout. */
  readonly output: string;
  readonly rows: readonly SummaryRow[];
  /** Unreadable lines and files, as `file:line: message`, for stderr. */
  readonly warnings: readonly string[];
}

/**
 * `sagga archive stats DIR...`: the Table-15 row of each run (iterations, mean length, nodes,
 * depth, share of 1-, 2-, 3-term problems), one row per directory, so that runs with different
 * fitness specs compare in one table. A path that is not a run is left out with a warning when
 * another one is readable.
 */
export function archiveStats(dirs: string | readonly string[], options: ArchiveStatsOptions = {}): ArchiveStatsResult {
  const list = typeof dirs === 'string' ? [dirs] : dirs;
  if (list.length === 0) throw new Error('archive stats: no run directory given');
  const { runs, skipped } = readRuns(list);
  const rows = runs.map(summaryRow);
  const output = options.format === 'json' ? JSON.stringify(rows, null, 2) : formatSummaryRows(rows);
  return { output, rows, warnings: [...skipped, ...runs.flatMap((r) => r.warnings)].map(formatWarning) };
}
