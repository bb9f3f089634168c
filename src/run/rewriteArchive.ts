import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import type { ArchiveText } from './archiveText.js';
import { readCheckpointFile, writeCheckpointFile } from './checkpointFile.js';
import { RUN_FILES, type ArchiveRewrite } from './runSchema.js';
import type { ShrinkJournal } from './shrinkJournal.js';

/**
 * Replace archive.jsonl of run directory `dir` with `rewritten` (one line for each line of
 * `before`, in order, followed by `before`'s torn tail as it was), and move checkpoint.json's
 * archive offset to the same line boundary in the new file, since `sagga search --resume` cuts the
 * archive at that offset. In this order, each step crash-safe:
 *
 * 1. the rewrite (both hashes, the offset before and after) is journaled in `journal` (flushed);
 * 2. the new archive is written beside the old, flushed and renamed over it;
 * 3. the new checkpoint is written beside the old, flushed and renamed over it;
 * 4. the journal is removed.
 *
 * A kill before 2 leaves the old archive and checkpoint; after 3, both new ones; between 2 and 3,
 * `finishArchiveRewrite` (run by the next shrink and by `sagga search --resume`) recognises the new
 * archive by its hash and moves the offset. An offset that is not a line boundary of `before` (the
 * directory was modified) leaves everything as it is.
 */
export function rewriteArchive(
  dir: string,
  before: ArchiveText,
  rewritten: readonly string[],
  journal: Pick<ShrinkJournal, 'path' | 'writeCommit' | 'remove'>,
): void {
  if (rewritten.length !== before.lines.length) throw new Error(`rewriteArchive: ${rewritten.length} lines for the ${before.lines.length} of ${before.path}`);
  const after = rewritten.map((l) => l + '\n').join('') + before.tail;
  const checkpointPath = join(dir, RUN_FILES.checkpoint);
  const checkpoint = readCheckpointFile(checkpointPath);
  let offset: ArchiveRewrite['checkpoint_offset'] = null;
  if (checkpoint !== null) {
    const committed = checkpoint.offsets.archive;
    let from = 0;
    let to = 0;
    for (let i = 0; i < before.lines.length && from < committed; i++) {
      from += before.lines[i].bytes;
      to += Buffer.byteLength(rewritten[i], 'utf8') + 1;
    }
    if (from !== committed) {
      throw new Error(
        `${checkpointPath} records ${committed} bytes of ${RUN_FILES.archive}, which is not a line boundary of it: ` +
          `the run directory was modified, so its archive is left as it is (the probes made are kept in ${journal.path})`,
      );
    }
    offset = { from, to };
  }
  journal.writeCommit({ before_sha256: sha256(before.text), after_sha256: sha256(after), checkpoint_offset: offset });
  writeFileAtomic(before.path, after);
  if (checkpoint !== null && offset !== null && offset.to !== offset.from) {
    writeCheckpointFile(checkpointPath, { ...checkpoint, offsets: { ...checkpoint.offsets, archive: offset.to } });
  }
  journal.remove();
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
