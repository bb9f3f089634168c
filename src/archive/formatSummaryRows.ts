import { markdownTable } from './markdownTable.js';
import type { SummaryRow } from './summaryRow.js';

/** Placeholder for a number a run does not record. */
export const MISSING = '—';

/** The Table-15 columns, header and formatted cells, shared by the text output and the report. */
export function summaryColumns(rows: readonly SummaryRow[]): { headers: string[]; cells: string[][]; numeric: boolean[] } {
  const measures = [...new Set(rows.map((r) => r.lengthMeasure).filter((m): m is string => m !== null))];
  const lengthHeader = measures.length === 1 ? `Length (${measures[0]})` : 'Length';
  const headers = ['Run', 'Target', 'Fitness', 'Iterations', 'Archive', lengthHeader, 'Nodes', 'Depth', '1-term', '2-term', '3-term', '4+-term'];
  const numeric = headers.map((_, i) => i >= 3);
  const cells = rows.map((r) => [
    r.run,
    r.target ?? MISSING,
    r.fitness ?? MISSING,
    r.iterations === null ? MISSING : String(r.iterations),
    String(r.archiveSize),
    fixed(r.meanLength, 1),
    fixed(r.meanNodes, 1),
    fixed(r.meanDepth, 1),
    percent(r.termShares.one),
    percent(r.termShares.two),
    percent(r.termShares.three),
    percent(r.termShares.fourOrMore),
  ]);
  return { headers, cells, numeric };
}

/** The rows as a Markdown table, with a note when some problems' terms could not be counted. */
export function formatSummaryRows(rows: readonly SummaryRow[]): string {
  const { headers, cells, numeric } = summaryColumns(rows);
  const notes = rows
    .filter((r) => r.unknownTerms > 0)
    .map((r) => `${r.run}: ${r.unknownTerms} problem(s) without a term count (no "terms" field and not parseable) are left out of the term shares.`);
  return [markdownTable(headers, cells, numeric), ...notes].join('\n');
}

export function fixed(v: number | null, digits: number): string {
  return v === null ? MISSING : v.toFixed(digits);
}

export function percent(v: number | null): string {
  return v === null ? MISSING : `${(100 * v).toFixed(1)}%`;
}
