import { markdownTable } from './markdownTable.js';
import type { SummaryRow } from './summaryRow.js';
import { summaryTables } from './summaryTables.js';

/** The summary tables (`summaryTables`) in Markdown, each under its title, with its notes. */
export function formatSummaryRows(rows: readonly SummaryRow[]): string {
  return summaryTables(rows)
    .map((t) => [`## ${t.title}`, '', markdownTable(t.headers, t.cells, t.numeric), ...(t.notes.length > 0 ? ['', ...t.notes] : [])].join('\n'))
    .join('\n\n');
}
