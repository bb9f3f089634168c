import { ARCHIVE_FIELDS, type ArchiveEntry } from './types.js';

/** A JSON Lines record: every field of ARCHIVE_FIELDS, in that order, null when absent. */
export type ExportRecord = { readonly [K in (typeof ARCHIVE_FIELDS)[number]]: ArchiveEntry[K] };

/**
 * The entry as a flat record with the same keys in the same order on every line and answers as a
 * list of structs with the same keys, which is what Hugging Face `datasets` (Arrow) needs to infer
 * one schema for the whole file.
 */
export function toExportRecord(entry: ArchiveEntry): ExportRecord {
  const record: Record<string, unknown> = {};
  for (const field of ARCHIVE_FIELDS) {
    if (field === 'answers') {
      record.answers = entry.answers.map((a) => ({ text: a.text, status: a.status, verdict: a.verdict, reason: a.reason, answer: a.answer }));
    } else if (field === 'sources') {
      record.sources = entry.sources === null ? null : entry.sources.map((s) => ({ run: s.run, id: s.id }));
    } else {
      record[field] = entry[field];
    }
  }
  return record as ExportRecord;
}
