import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { RunDirError } from './runDirError.js';
import { RUN_FILES } from './runSchema.js';

/** run.lock: who writes the run directory (docs/FORMATS.md). */
export interface RunLockRecord {
  readonly pid: number;
  readonly hostname: string;
  readonly started: string;
}

export interface RunLock {
  readonly path: string;
  /** Remove run.lock if it is still this process's (idempotent). */
  release(): void;
}

/** Locks held by this process, so that a second writer in the same process is refused too. */
const held = new Set<string>();

/**
 * Take the run directory's exclusive lock: run.lock, created whole and exclusively (written to a
 * private file, then hard-linked into place, which fails if run.lock exists; `wx` where links are
 * not supported). A lock whose process is gone (same host, `process.kill(pid, 0)` says no such
 * process) is stale: it is taken over and `warn` says so. A live holder, a holder on another host,
 * or an unreadable lock is refused at once with a RunDirError of kind `busy` naming the holder.
 * The lock is released by `release()`, and on process exit (`process.exit` after a second Ctrl-C).
 */
export function acquireRunLock(dir: string, warn: (message: string) => void = () => {}): RunLock {
  const path = join(dir, RUN_FILES.lock);
  const record: RunLockRecord = { pid: process.pid, hostname: hostname(), started: new Date().toISOString() };
  const text = JSON.stringify(record) + '\n';
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, text)) break;
    const existing = readLock(path);
    if (existing === 'gone') continue; // released between our attempt and the read
    const holder = existing === 'unreadable' ? null : existing.record;
    if (existing === 'unreadable' || holder === null || !isStale(holder, path) || attempt >= 3) {
      throw new RunDirError(busyMessage(dir, path, holder), 'busy');
    }
    // Take over only the lock judged stale, not one another process has put there since.
    const again = readLock(path);
    if (again !== 'gone' && again !== 'unreadable' && again.text === existing.text) {
      try {
        unlinkSync(path);
      } catch {
        // Removed by someone else in the meantime: try again.
      }
      warn(`taking over ${path}: the run that held it (pid ${holder.pid}, started ${holder.started}) is no longer running`);
    }
  }
  held.add(path);
  const onExit = () => release();
  process.on('exit', onExit);
  let released = false;
  function release(): void {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    held.delete(path);
    const current = readLock(path);
    if (current !== 'gone' && current !== 'unreadable' && current.text === text) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    }
  }
  return { path, release };
}

function tryCreate(path: string, text: string): boolean {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    // No hard links here: create the lock exclusively and write it in place.
    return createExclusive(path, text);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing to clean.
    }
  }
}

function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): { text: string; record: RunLockRecord | null } | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
  try {
    const raw = JSON.parse(text) as Partial<RunLockRecord>;
    if (typeof raw.pid === 'number' && Number.isInteger(raw.pid) && raw.pid > 0 && typeof raw.hostname === 'string') {
      return { text, record: { pid: raw.pid, hostname: raw.hostname, started: String(raw.started ?? 'unknown') } };
    }
  } catch {
    // Fall through.
  }
  return { text, record: null };
}

/** Is the process that wrote the lock gone? Only decidable on the host that wrote it. */
function isStale(holder: RunLockRecord, path: string): boolean {
  if (holder.hostname !== hostname()) return false;
  // Our own pid: a lock this process holds, or one left by an earlier process with the same pid.
  if (holder.pid === process.pid) return !held.has(path);
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (err) {
    // EPERM: the process exists (another user's).
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function busyMessage(dir: string, path: string, holder: RunLockRecord | null): string {
  if (holder === null) return `${dir} is locked by ${path}, which cannot be read; if no sagga is writing this run, remove ${path} and try again`;
  const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`;
  return (
    `${dir} is in use by another sagga (pid ${holder.pid}${where}, started ${holder.started}; lock file ${path}). ` +
    `Wait for it to end or stop it; if that process is gone${where ? ' (its host cannot be checked from here)' : ''}, remove ${path} and try again`
  );
}
