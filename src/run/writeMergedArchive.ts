import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { ARCHIVE_FILES, RUN_FILES } from './runSchema.js';

/** What merge.json records beside a merged archive. */
export interface MergeProvenance {
  readonly created: string;
  readonly inputs: ReadonlyArray<{ readonly path: string; readonly label: string; readonly entries: number }>;
  readonly entries: number;
  readonly duplicates: number;
  readonly dedupe: string;
}

/**
 * Write a merged archive where none is: `out` is a `.jsonl` file, or a directory that gets
 * archive.jsonl (`lines`, one JSON object each) and merge.json (`provenance`). An existing archive
 * is never overwritten (an error with code EEXIST). Each file is written whole beside its place,
 * then renamed, so a reader never sees half of it. Returns the archive's path.
 */
export function writeMergedArchive(out: string, lines: readonly object[], provenance: MergeProvenance): string {
  const toFile = out.endsWith('.jsonl');
  const archive = toFile ? out : join(out, RUN_FILES.archive);
  if (existsSync(archive)) throw Object.assign(new Error(`archive merge: ${archive} already exists; choose another --out`), { code: 'EEXIST' });
  mkdirSync(toFile ? dirname(out) : out, { recursive: true });
  writeFileAtomic(archive, lines.map((l) => JSON.stringify(l) + '\n').join(''));
  if (!toFile) writeFileAtomic(join(out, ARCHIVE_FILES.merge), JSON.stringify(provenance, null, 2) + '\n');
  return archive;
}
