import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { CHECKPOINT_FORMAT, type Checkpoint } from './runSchema.js';

/**
 * checkpoint.json as stored: a new run's first one (written with its config.json) has no engine
 * state yet (`engine` and `rngState` null, every offset 0).
 */
export type CheckpointFile<S> = Omit<Checkpoint<S>, 'engine' | 'rngState'> & { readonly engine: S | null; readonly rngState: object | null };

const OFFSETS = ['archive', 'evaluated', 'generations'] as const;
const COUNTS = ['candidates', 'asked', 'evaluated', 'failures', 'errors'] as const;

/**
 * Read checkpoint.json at `path` (null when there is none), checked: its format, the byte offset of
 * each log, the totals' counts, and an engine state that is an object or null (the engine's own
 * fields are its business). Anything else is an error naming the file: a checkpoint is never
 * guessed around, since resuming from a wrong one cuts committed lines.
 */
export function readCheckpointFile<S>(path: string): CheckpointFile<S> | null {
  if (!existsSync(path)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const bad = (why: string): Error => new Error(`${path}: not a checkpoint sagga can read (${why}); the run directory is damaged`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('not an object');
  const c = raw as Record<string, unknown>;
  if (c.format !== CHECKPOINT_FORMAT) throw new Error(`${path}: checkpoint format ${String(c.format)}, this sagga reads ${CHECKPOINT_FORMAT}`);
  const offsets = c.offsets as Record<string, unknown> | null | undefined;
  if (typeof offsets !== 'object' || offsets === null) throw bad('no offsets');
  for (const log of OFFSETS) {
    const n = offsets[log];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw bad(`offsets.${log} is ${JSON.stringify(n)}`);
  }
  const totals = c.totals as Record<string, unknown> | null | undefined;
  if (typeof totals !== 'object' || totals === null) throw bad('no totals');
  for (const name of COUNTS) if (typeof totals[name] !== 'number') throw bad(`totals.${name} is ${JSON.stringify(totals[name])}`);
  if (c.engine !== null && (typeof c.engine !== 'object' || Array.isArray(c.engine))) throw bad('engine is neither an object nor null');
  if (c.rngState !== null && typeof c.rngState !== 'object') throw bad('rngState is neither an object nor null');
  if (typeof c.updated !== 'string') throw bad('no updated time');
  return raw as CheckpointFile<S>;
}

/** Replace checkpoint.json at `path` atomically (a private file beside it, flushed, then renamed). */
export function writeCheckpointFile(path: string, checkpoint: CheckpointFile<unknown>): void {
  writeFileAtomic(path, JSON.stringify(checkpoint) + '\n');
}
