import { DATASET_COLUMNS } from './datasetSchema.js';
import type { DatasetRow } from './toDatasetRows.js';

/** The dataset's columns that hold one value each, in order: the plain columns of the CSV export. */
const SCALAR_COLUMNS = DATASET_COLUMNS.filter((c) => typeof c.type === 'string').map((c) => c.name as keyof DatasetRow);

/** Columns of the CSV export: the scalar columns, the first answer spelt out, the nested columns as JSON. */
export const CSV_COLUMNS = [
  ...SCALAR_COLUMNS,
  'answer',
  'answer_text',
  'verdict',
  'answer_reason',
  'answers_json',
  'proof_json',
  'minimal_json',
  'sources_json',
] as const;

/**
 * RFC 4180 CSV (CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled).
 * Unless `raw`, every text cell is defused against spreadsheet formula injection: a cell starting
 * with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` (so a problem `-x^2 + 1` shows as text, not
 * `#NAME?`); `raw` keeps every value as it is, for programs that read the file. Numbers are written
 * as numbers. The JSON columns start with `[` or `{`.
 */
export function toCsv(rows: readonly DatasetRow[], options: { readonly raw?: boolean } = {}): string {
  const lines = [CSV_COLUMNS.join(',')];
  const cell = options.raw ? (v: string | number) => v : defuse;
  for (const row of rows) {
    const first = row.answers[0];
    const values: Record<string, string | number> = {
      ...Object.fromEntries(SCALAR_COLUMNS.map((c) => [c, row[c] as string | number])),
      answer: first.answer,
      answer_text: first.text,
      verdict: first.verdict,
      answer_reason: first.reason,
      answers_json: JSON.stringify(row.answers),
      proof_json: JSON.stringify(row.proof),
      minimal_json: JSON.stringify(row.minimal),
      sources_json: JSON.stringify(row.sources),
    };
    lines.push(CSV_COLUMNS.map((c) => csvField(cell(values[c]))).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

export function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A text cell a spreadsheet would read as a formula, made plain text; numbers and empty cells as they are. */
export function defuse(v: string | number): string | number {
  if (typeof v !== 'string') return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
