import { formatWarning } from '../run/readRun.js';
import { readRuns } from '../run/readRuns.js';
import { formatSignatureGroups } from './formatSignatureGroups.js';
import { formatSummaryRows } from './formatSummaryRows.js';
import { signatureGroups, type SignatureGroups } from './signatureGroups.js';
import { summaryRow, type SummaryRow } from './summaryRow.js';

export interface ArchiveStatsOptions {
  /** `text` (default): Markdown tables; `json`: the rows (or groups) as a JSON array (one element per directory). */
  readonly format?: 'text' | 'json';
  /** The failures grouped by signature instead of the summary rows. */
  readonly bySignature?: boolean;
}

export interface ArchiveStatsResult {
  /** What to print on stdout. */
  readonly output: string;
  readonly rows: readonly SummaryRow[];
  /** The failures of each run grouped by signature (with `bySignature`; empty otherwise). */
  readonly groups: ReadonlyArray<{ readonly run: string } & SignatureGroups>;
  /** Unreadable lines and files, as `file:line: message`, for stderr. */
  readonly warnings: readonly string[];
}

/**
 * `sagga archive stats DIR...`: the Table-15 row of each run (iterations, mean length, nodes,
 * depth, share of 1-, 2-, 3-term problems) with its failures proven and unproven, by kind and by
 * proof, distinct signatures and spending, one row per directory, so that runs with different
 * fitness specs compare in one table. With `bySignature`, the distinct failures of each run instead.
 * A path that is not a run is left out with a warning when another one is readable.
 */
export function archiveStats(dirs: string | readonly string[], options: ArchiveStatsOptions = {}): ArchiveStatsResult {
  const list = typeof dirs === 'string' ? [dirs] : dirs;
  if (list.length === 0) throw new Error('archive stats: no run directory given');
  const { runs, skipped } = readRuns(list);
  const rows = runs.map(summaryRow);
  const warnings = [...skipped, ...runs.flatMap((r) => r.warnings)].map(formatWarning);
  if (options.bySignature) {
    const groups = runs.map((r) => ({ run: r.name, ...signatureGroups(r.entries) }));
    const output = options.format === 'json' ? JSON.stringify(groups, null, 2) : groups.map((g) => formatSignatureGroups(g.run, g)).join('\n\n');
    return { output, rows, groups, warnings };
  }
  const output = options.format === 'json' ? JSON.stringify(rows, null, 2) : formatSummaryRows(rows);
  return { output, rows, groups: [], warnings };
}
