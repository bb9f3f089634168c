import type { AnswerLine, ArchiveLine } from '../run/runSchema.js';
import { ARCHIVE_FIELDS } from './types.js';

/** A JSON Lines record: every field of ARCHIVE_FIELDS, in that order, null when absent. */
export type ExportRecord = { readonly [K in (typeof ARCHIVE_FIELDS)[number]]: ArchiveLine[K] };

/** The keys of every exported answer, in order (the struct fields of the Parquet `answers` column). */
export const ANSWER_FIELDS = ['text', 'status', 'verdict', 'reason', 'answer'] as const satisfies readonly (keyof AnswerLine)[];

/**
 * The entry as a flat record with the same keys in the same order on every line and answers as a
 * list of structs with the same keys, which is what Hugging Face `datasets` (Arrow) needs to infer
 * one schema for the whole file. The CSV and Parquet exports are made from this record too.
 */
export function toExportRecord(entry: ArchiveLine): ExportRecord {
  const record: Record<string, unknown> = {};
  for (const field of ARCHIVE_FIELDS) {
    if (field === 'answers') {
      record.answers = entry.answers.map((a) => Object.fromEntries(ANSWER_FIELDS.map((f) => [f, a[f]])));
    } else if (field === 'sources') {
      record.sources = entry.sources === null ? null : entry.sources.map((s) => ({ run: s.run, id: s.id }));
    } else {
      record[field] = entry[field];
    }
  }
  return record as ExportRecord;
}
