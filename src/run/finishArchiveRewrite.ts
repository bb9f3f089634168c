import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCheckpointFile, writeCheckpointFile } from './checkpointFile.js';
import { RUN_FILES, type ArchiveRewrite } from './runSchema.js';
import { pendingArchiveRewrite } from './shrinkJournal.js';

/**
 * Finish a `rewriteArchive` stopped between replacing archive.jsonl and moving checkpoint.json's
 * archive offset: when archive.jsonl is the rewritten file (its sha256 is `after_sha256`) and the
 * checkpoint still records the old offset, record the new one. `rewrite` defaults to the one the
 * shrink journal of `dir` records. True when the offset was moved; anything else (no such
 * rewrite, an archive changed since, an offset moved already) is left as it is.
 */
export function finishArchiveRewrite(dir: string, rewrite: ArchiveRewrite | undefined = pendingArchiveRewrite(dir)): boolean {
  if (rewrite === undefined || rewrite.checkpoint_offset === null) return false;
  const archivePath = join(dir, RUN_FILES.archive);
  if (!existsSync(archivePath) || createHash('sha256').update(readFileSync(archivePath, 'utf8'), 'utf8').digest('hex') !== rewrite.after_sha256) return false;
  const checkpointPath = join(dir, RUN_FILES.checkpoint);
  const checkpoint = readCheckpointFile(checkpointPath);
  if (checkpoint === null || checkpoint.offsets.archive !== rewrite.checkpoint_offset.from) return false;
  writeCheckpointFile(checkpointPath, { ...checkpoint, offsets: { ...checkpoint.offsets, archive: rewrite.checkpoint_offset.to } });
  return true;
}
