import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES } from '../run/runSchema.js';
import { writeFileAtomic } from '../util/writeFileAtomic.js';

export interface CheckpointArchiveOffset {
  /** How many bytes of archive.jsonl the run's checkpoint has committed; null when there is no checkpoint. */
  readonly offset: number | null;
  /** Record `to` instead, every other field of checkpoint.json as it is (written whole, then renamed). */
  set(to: number): void;
}

/**
 * checkpoint.json's `offsets.archive`, read loosely (only that field is touched): a command that
 * rewrites archive.jsonl must move it too, or `sagga search --resume` would cut the rewritten file
 * at the old length. A checkpoint that cannot be read is an error, never guessed around.
 */
export function checkpointArchiveOffset(dir: string): CheckpointArchiveOffset {
  const path = join(dir, RUN_FILES.checkpoint);
  if (!existsSync(path)) return { offset: null, set: () => {} };
  const text = readFileSync(path, 'utf8');
  let checkpoint: Record<string, unknown>;
  try {
    checkpoint = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${path} cannot be read (${err instanceof Error ? err.message : String(err)}); the run directory is damaged, so its archive is left as it is`);
  }
  const offsets = checkpoint?.offsets as Record<string, unknown> | undefined;
  const offset = typeof offsets === 'object' && offsets !== null && typeof offsets.archive === 'number' ? offsets.archive : null;
  return {
    offset,
    set(to) {
      if (offset === null || to === offset) return;
      writeFileAtomic(path, JSON.stringify({ ...checkpoint, offsets: { ...offsets, archive: to } }) + '\n');
    },
  };
}
