import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { acquireRunLock, type RunLock } from './acquireRunLock.js';
import { noRunThere } from './noRunThere.js';
import { RunDirError } from './runDirError.js';
import { RUN_FILES } from './runSchema.js';

export interface OpenRunDirOptions {
  /** Resuming the run in `dir` (it must exist) rather than starting one. */
  readonly resume: boolean;
  /** A new run may use a directory that holds other files (`sagga search --force`). */
  readonly force?: boolean;
  /** Where to say that a stale lock was taken over. */
  readonly warn?: (message: string) => void;
}

/** What may be in the directory of a new run before it starts: a lock and the target's cache. */
const OWN_BEFORE_START = new Set<string>(['cache']);

/**
 * Make the run directory ready for one writer: create it (a new run; a RunDirError `cantCreate`
 * when that is impossible), take its lock (`acquireRunLock`: a RunDirError `busy` when another
 * sagga holds it), and for a new run refuse a directory that holds anything but a run's own files
 * unless `force`. A directory that already holds a run is left to the caller's own message.
 * `release()` frees the lock and removes the directory again if this call made it and it is empty.
 */
export function openRunDir(dir: string, options: OpenRunDirOptions): RunLock {
  const existed = existsSync(dir);
  if (options.resume) {
    if (!existed || !isDirectory(dir)) throw new Error(noRunThere(dir));
  } else {
    try {
      makeDirs(dir);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new RunDirError(`--out ${dir}: cannot create the run directory (${firstLine(e.message)}); choose another --out`, 'cantCreate', e.code);
    }
    if (!isDirectory(dir)) throw new RunDirError(`--out ${dir}: not a directory; choose another --out`, 'cantCreate');
  }
  let lock: RunLock;
  try {
    lock = acquireRunLock(dir, options.warn);
  } catch (err) {
    if (err instanceof RunDirError) throw err;
    const e = err as NodeJS.ErrnoException;
    throw new RunDirError(`${dir}: cannot write its lock file ${RUN_FILES.lock} (${firstLine(e.message)})`, 'cantCreate', e.code);
  }
  const release = () => {
    lock.release();
    if (!existed) {
      try {
        if (readdirSync(dir).length === 0) rmdirSync(dir);
      } catch {
        // Left as it is.
      }
    }
  };
  if (!options.resume && !options.force) {
    try {
      checkForeignFiles(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  return { path: lock.path, release };
}

/** A new run's directory must be empty (or hold a run, which the caller refuses with its own message). */
function checkForeignFiles(dir: string): void {
  const names = readdirSync(dir).filter((n) => !n.startsWith(RUN_FILES.lock) && !OWN_BEFORE_START.has(n));
  if (names.includes(RUN_FILES.config) || names.includes(RUN_FILES.checkpoint)) return;
  if (names.length === 0) return;
  const shown = names.sort().slice(0, 5).join(', ') + (names.length > 5 ? `, … (${names.length} in all)` : '');
  throw new Error(
    `--out ${dir} is not empty and holds no sagga run (${shown}); a new run there would replace files of the same names ` +
      `(archive.jsonl …). Choose another --out, or pass --force to use this directory anyway`,
  );
}

/**
 * mkdir -p, one level at a time: Node's `mkdirSync(dir, { recursive: true })` never returns for a
 * path such as /proc/x (it retries the ENOENT forever), where this throws at once.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let path = resolve(dir); !existsSync(path); path = dirname(path)) {
    missing.push(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !isDirectory(path)) throw err;
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}
