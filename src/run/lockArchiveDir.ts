import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { acquireRunLock, type RunLock } from './acquireRunLock.js';
import { NotARunError } from './readRun.js';
import { RUN_FILES } from './runSchema.js';

/**
 * Take the lock of a run directory whose archive a command rewrites (`archive shrink`): a
 * NotARunError when `dir` is no directory or holds no archive.jsonl, a RunDirError `busy` when a
 * search or another shrink holds it (`acquireRunLock`).
 */
export function lockArchiveDir(dir: string, warn?: (message: string) => void): RunLock {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new NotARunError(`${dir}: no such run directory`, dir);
  if (!existsSync(join(dir, RUN_FILES.archive))) throw new NotARunError(`${dir}: no ${RUN_FILES.archive} here`, dir);
  return acquireRunLock(dir, warn);
}
