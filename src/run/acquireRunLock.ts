import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { RunDirError } from './runDirError.js';
import { RUN_FILES } from './runSchema.js';

/** run.lock: who writes the run directory (docs/FORMATS.md). */
export interface RunLockRecord {
  readonly pid: number;
  readonly hostname: string;
  readonly started: string;
  /** Random, so that no two locks (or take-over claims) ever have the same text. */
  readonly token?: string;
}

export interface RunLock {
  readonly path: string;
  /** Remove run.lock if it is still this process's (idempotent). */
  release(): void;
}

/**
 * Points inside a take-over where a caller may act (tests stall a racer there by taking the lock
 * from inside the hook). Neither is called unless a stale lock is being taken over.
 */
export interface RunLockHooks {
  /** The lock was judged stale; the take-over has not begun. */
  readonly beforeTakeOver?: (holder: RunLockRecord) => void;
  /** This process holds the take-over claim and has seen the stale lock still in place; it is about to replace it. */
  readonly beforeReplace?: () => void;
}

/** Locks held by this process, so that a second writer in the same process is refused too. */
const held = new Set<string>();
/** Take-over claims held by this process (see `takeOver`). */
const claimsHeld = new Set<string>();

/** Rounds of lock and claim attempts before giving up as busy (each lost round means another process won one). */
const MAX_ROUNDS = 8;

/**
 * Take the run directory's exclusive lock: run.lock, created whole and exclusively (written to a
 * private file, then hard-linked into place, which fails if run.lock exists; `wx` where links are
 * not supported). A lock whose process is gone (same host, `process.kill(pid, 0)` says no such
 * process) is stale: it is taken over atomically (`takeOver`) and `warn` says so. A live holder, a
 * holder on another host, or an unreadable lock is refused at once with a RunDirError of kind
 * `busy` naming the holder, as is a stale lock another live process is taking over. The lock is
 * released by `release()`, and on process exit (`process.exit` after a second Ctrl-C).
 */
export function acquireRunLock(dir: string, warn: (message: string) => void = () => {}, hooks: RunLockHooks = {}): RunLock {
  const path = join(dir, RUN_FILES.lock);
  const record: RunLockRecord = { pid: process.pid, hostname: hostname(), started: new Date().toISOString(), token: randomBytes(12).toString('hex') };
  const text = JSON.stringify(record) + '\n';
  for (let round = 0; ; round++) {
    if (tryCreate(path, text)) break;
    const existing = readLock(path);
    if (existing === 'gone') continue; // released between our attempt and the read
    const holder = existing === 'unreadable' ? null : existing.record;
    if (existing === 'unreadable' || holder === null || !isStale(holder, held.has(path)) || round >= MAX_ROUNDS) {
      throw new RunDirError(busyMessage(dir, path, holder), 'busy');
    }
    hooks.beforeTakeOver?.(holder);
    const outcome = takeOver(path, existing.text, text, hooks);
    if (outcome === 'won') {
      warn(`taking over ${path}: the run that held it (pid ${holder.pid}, started ${holder.started}) is no longer running`);
      break;
    }
    if (outcome !== 'lost') throw new RunDirError(`${dir} is in use: ${outcome.busy}`, 'busy');
  }
  held.add(path);
  removeClaims(path, () => true);
  const onExit = () => release();
  process.on('exit', onExit);
  let released = false;
  function release(): void {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    held.delete(path);
    // Safe to check, then remove: only a process that judged this one dead could replace the lock meanwhile.
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

/**
 * Replace the stale lock whose text is `staleText` with ours, such that two processes that both
 * judged it stale cannot both win, and one that stalls anywhere cannot undo another's win. Nothing
 * ever removes run.lock by name after a check (a check and an unlink are two steps, and the lock
 * checked may not be the lock removed); instead:
 *
 * 1. The right to replace this stale lock is a claim file, `run.lock.takeover-<hash of its text>.<round>`,
 *    created exclusively (the OS arbitrates: one process per round). A claim whose holder is alive
 *    means someone else is taking over (busy); one whose holder died (a take-over that crashed) is
 *    followed by the next round.
 * 2. The claim's holder reads run.lock: only if it is still the stale text does it go on. Nothing else
 *    can change run.lock meanwhile: an exclusive create fails while it exists, its dead holder cannot
 *    release it, and replacing it needs this claim, which no other live process can hold.
 * 3. It renames its own lock file over run.lock (atomic), then removes the claims of this stale text.
 *
 * A process that stalled after judging the lock stale and wakes after another's win finds either the
 * winner's claim (busy) or, once it is removed, a run.lock that is no longer the stale text (lost):
 * the stale text never comes back, for every lock's text holds a random token.
 */
function takeOver(path: string, staleText: string, ownText: string, hooks: RunLockHooks): 'won' | 'lost' | { readonly busy: string } {
  const prefix = `${path}.takeover-${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}.`;
  const rounds = claimRounds(prefix);
  const last = rounds.at(-1);
  if (last !== undefined) {
    const lastPath = `${prefix}${last}`;
    const claim = readLock(lastPath);
    if (claim === 'gone') return 'lost';
    const claimant = claim === 'unreadable' ? null : claim.record;
    if (claimant === null) return { busy: `the take-over claim ${lastPath} cannot be read; if no sagga is starting on this run, remove it and try again` };
    if (!isStale(claimant, claimsHeld.has(lastPath))) {
      const where = claimant.hostname === hostname() ? '' : ` on host ${claimant.hostname}`;
      return {
        busy: `another sagga (pid ${claimant.pid}${where}, started ${claimant.started}) is taking over the stale lock ${path}; wait for it, or stop it`,
      };
    }
  }
  const claimPath = `${prefix}${last === undefined ? 0 : last + 1}`;
  if (!tryCreate(claimPath, ownText)) return 'lost';
  claimsHeld.add(claimPath);
  try {
    const current = readLock(path);
    if (current === 'gone' || current === 'unreadable' || current.text !== staleText) return 'lost';
    hooks.beforeReplace?.();
    const tmp = writePrivate(path, ownText);
    try {
      renameSync(tmp, path);
    } catch (err) {
      unlinkQuietly(tmp);
      throw err;
    }
    return 'won';
  } finally {
    claimsHeld.delete(claimPath);
    // Every claim of this stale text is spent now: run.lock no longer holds it, and never will again.
    removeClaims(path, (name) => name.startsWith(basename(prefix)));
  }
}

/** The rounds of claims on one stale text, in increasing order. */
function claimRounds(prefix: string): number[] {
  const name = basename(prefix);
  let names: string[];
  try {
    names = readdirSync(dirname(prefix));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(name) && /^\d+$/.test(n.slice(name.length)))
    .map((n) => Number(n.slice(name.length)))
    .sort((a, b) => a - b);
}

/**
 * Remove take-over claims beside the lock. Called by the lock's holder for all of them (a claim on
 * any other text can never win: run.lock holds the holder's text) and by a take-over for its own.
 */
function removeClaims(path: string, which: (name: string) => boolean): void {
  const stem = `${basename(path)}.takeover-`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const n of names) if (n.startsWith(stem) && !claimsHeld.has(join(dirname(path), n)) && which(n)) unlinkQuietly(join(dirname(path), n));
}

/** Write `text` to a file only this call names, flushed to disk; returns its path. */
function writePrivate(path: string, text: string): string {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return tmp;
}

function tryCreate(path: string, text: string): boolean {
  const tmp = writePrivate(path, text);
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
    unlinkQuietly(tmp);
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

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Nothing to clean.
  }
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

/**
 * Is the process that wrote a lock (or a claim) gone? Only decidable on the host that wrote it.
 * `ours`: this process holds it (a file with our pid that we do not hold was left by an earlier
 * process with the same pid).
 */
function isStale(holder: RunLockRecord, ours: boolean): boolean {
  if (holder.hostname !== hostname()) return false;
  if (holder.pid === process.pid) return !ours;
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
