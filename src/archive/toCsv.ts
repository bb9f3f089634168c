import { ARCHIVE_FIELDS, type ArchiveEntry } from './types.js';

/** Columns of the CSV export: the archive's scalar fields, the first answer spelt out, all answers as JSON. */
/** The archive's scalar fields, in export order (answers and sources become JSON columns). */
const SCALAR_FIELDS = ARCHIVE_FIELDS.filter((f): f is Exclude<(typeof ARCHIVE_FIELDS)[number], 'answers' | 'sources'> => f !== 'answers' && f !== 'sources');

export const CSV_COLUMNS = [
  ...SCALAR_FIELDS,
  'answer',
  'answer_text',
  'verdict',
  'answer_reason',
  'answers_json',
  'sources_json',
] as const;

/**
 * RFC 4180 CSV (CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled).
 * Free text that came from the model (`answer_text`, the reasons) is defused against spreadsheet
 * formula injection: a cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`.
 * Parsed expressions (`problem`, `answer`) are left exact.
 */
export function toCsv(entries: readonly ArchiveEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    const first = e.answers[0];
    const values: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
      id: e.id,
      problem: e.problem,
      latex: e.latex,
      key: e.key,
      generation: e.generation,
      fitness: e.fitness,
      length: e.length,
      chars: e.chars,
      tokens: e.tokens,
      nodes: e.nodes,
      depth: e.depth,
      terms: e.terms,
      target: e.target,
      kind: e.kind,
      reason: defuse(e.reason),
      parent: e.parent,
      answer: first?.answer ?? null,
      answer_text: defuse(first?.text ?? null),
      verdict: first?.verdict ?? null,
      answer_reason: defuse(first?.reason ?? null),
      answers_json: JSON.stringify(e.answers.map((a) => ({ text: a.text, status: a.status, verdict: a.verdict, reason: a.reason, answer: a.answer }))),
      sources_json: e.sources === null ? null : JSON.stringify(e.sources),
    };
    lines.push(CSV_COLUMNS.map((c) => csvField(values[c])).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

export function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function defuse(v: string | null): string | null {
  if (v === null) return null;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
