import { toExportRecord } from './toExportRecord.js';
import type { ArchiveLine } from '../run/runSchema.js';
import { SCALAR_FIELDS } from './types.js';

/** Columns of the CSV export: the export's scalar columns, the first answer spelt out, the nested fields as JSON. */
export const CSV_COLUMNS = [
  ...SCALAR_FIELDS,
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
 * Every text cell is defused against spreadsheet formula injection: a cell starting with `=`, `+`,
 * `-`, `@`, tab or CR gets a leading `'` (so a problem `-x^2 + 1` shows as text, not `#NAME?`).
 * Numbers are written as numbers. The JSON columns start with `[` or `{`.
 */
export function toCsv(entries: readonly ArchiveLine[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    const { answers, proof, minimal, sources, ...scalars } = toExportRecord(e);
    const first = answers[0];
    const values: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
      ...scalars,
      answer: first?.answer ?? null,
      answer_text: first?.text ?? null,
      verdict: first?.verdict ?? null,
      answer_reason: first?.reason ?? null,
      answers_json: JSON.stringify(answers),
      proof_json: proof === null ? null : JSON.stringify(proof),
      minimal_json: minimal === null ? null : JSON.stringify(minimal),
      sources_json: sources === null ? null : JSON.stringify(sources),
    };
    lines.push(CSV_COLUMNS.map((c) => csvField(defuse(values[c]))).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

export function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A text cell a spreadsheet would read as a formula, made plain text; numbers and empty cells as they are. */
export function defuse(v: string | number | null): string | number | null {
  if (typeof v !== 'string') return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
