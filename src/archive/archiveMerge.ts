import { writeMergedArchive } from '../run/writeMergedArchive.js';
import { mergeEntries } from './mergeEntries.js';
import { formatWarning, readRun } from '../run/readRun.js';
import { toExportRecord } from './toExportRecord.js';
import { ARCHIVE_FIELDS } from './types.js';

export interface ArchiveMergeResult {
  /** The archive file written. */
  readonly archive: string;
  readonly entries: number;
  readonly duplicates: number;
  readonly inputs: ReadonlyArray<{ readonly path: string; readonly label: string; readonly entries: number }>;
  readonly warnings: readonly string[];
}

/**
 * `sagga archive merge A B… --out OUT`: one archive of the problems of A, B, … without duplicates
 * (same canonical key; the first input wins), each line's `sources` listing the runs and ids it came
 * from. Inputs are run directories or archive files (an earlier merge works too). OUT is a directory,
 * which gets archive.jsonl and merge.json (inputs and counts), or a `.jsonl` file. Nothing is overwritten.
 */
export function archiveMerge(inputs: readonly string[], out: string): ArchiveMergeResult {
  if (inputs.length < 2) throw new Error('archive merge: give at least two archives to merge');
  const runs = inputs.map(readRun);
  const merged = mergeEntries(runs);
  const described = runs.map((r, i) => ({ path: r.dir, label: merged.labels[i], entries: r.entries.length }));
  const provenance = {
    created: new Date().toISOString(),
    inputs: described,
    entries: merged.entries.length,
    duplicates: merged.duplicates,
    dedupe: 'canonical key of the parsed problem',
  };
  const archive = writeMergedArchive(out, merged.entries.map(archiveRecord), provenance);
  return {
    archive,
    entries: merged.entries.length,
    duplicates: merged.duplicates,
    inputs: described,
    warnings: runs.flatMap((r) => r.warnings.map(formatWarning)),
  };
}

/** A merged line: the fields of an archive line in the order `sagga search` writes them, normalised as the export normalises them, with `sources`. */
function archiveRecord(entry: Parameters<typeof toExportRecord>[0]): Record<string, unknown> {
  const record = toExportRecord(entry);
  // A task's name and parameters follow the problem, as `sagga search` writes them.
  const task: Record<string, unknown> = {
    ...(entry.task === null ? {} : { task: entry.task, ...(entry.params ?? {}) }),
    ...(entry.parameters !== null ? { parameters: entry.parameters } : {}),
  };
  return Object.fromEntries(
    ARCHIVE_FIELDS.flatMap((field): [string, unknown][] =>
      field === 'problem' ? [[field, record[field]], ...Object.entries(task)] : [[field, record[field]]],
    ),
  );
}
