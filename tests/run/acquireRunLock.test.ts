import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireRunLock, type RunLock } from '../../src/run/acquireRunLock.js';
import { RunDirError } from '../../src/run/runDirError.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'sagga-lock-'));

describe('acquireRunLock', () => {
  it('writes run.lock with pid, host and start time; a second holder is refused with that pid; release frees it', () => {
    const dir = fresh();
    const lock = acquireRunLock(dir);
    const record = JSON.parse(readFileSync(join(dir, 'run.lock'), 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(typeof record.started).toBe('string');
    let error: unknown;
    try {
      acquireRunLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RunDirError);
    expect((error as RunDirError).kind).toBe('busy');
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    lock.release();
    lock.release();
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
    acquireRunLock(dir).release();
  });

  it('takes over a lock whose process is gone, and says so', () => {
    const dir = fresh();
    // Our own pid, but not a lock this process holds: an earlier process with the same pid.
    writeFileSync(join(dir, 'run.lock'), JSON.stringify({ pid: process.pid, hostname: hostname(), started: 'then' }));
    const said: string[] = [];
    const lock = acquireRunLock(dir, (m) => said.push(m));
    expect(said.join('\n')).toMatch(/taking over .*run\.lock.*pid \d+, started then/);
    lock.release();
  });

  it('refuses a lock held on another host, or unreadable, rather than guess', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'run.lock'), JSON.stringify({ pid: 1, hostname: 'elsewhere.example', started: 'then' }));
    expect(() => acquireRunLock(dir)).toThrow(/pid 1 on host elsewhere\.example/);
    writeFileSync(join(dir, 'run.lock'), 'garbage');
    expect(() => acquireRunLock(dir)).toThrow(/cannot be read/);
  });

  // A lock left by an earlier process with this process's pid: stale (this process does not hold it).
  const staleLock = (dir: string): string => {
    const text = JSON.stringify({ pid: process.pid, hostname: hostname(), started: 'then' }) + '\n';
    writeFileSync(join(dir, 'run.lock'), text);
    return text;
  };
  const busy = (f: () => unknown): RunDirError => {
    try {
      f();
    } catch (err) {
      if (err instanceof RunDirError && err.kind === 'busy') return err;
      throw err;
    }
    throw new Error('expected a busy RunDirError');
  };

  it('two racers that both judged the lock stale: the one that stalled after judging loses, and the winner keeps its lock', () => {
    const dir = fresh();
    staleLock(dir);
    let winner: RunLock | undefined;
    // The racer stalls between its judgement and its take-over; the winner takes the lock meanwhile.
    const lost = busy(() => acquireRunLock(dir, () => {}, { beforeTakeOver: () => (winner = acquireRunLock(dir)) }));
    expect(winner).toBeDefined();
    expect(lost.message).toContain(`pid ${process.pid}`);
    const lockText = readFileSync(join(dir, 'run.lock'), 'utf8');
    // The winner's lock is in place (it is the one released below), and no claim is left behind.
    expect(JSON.parse(lockText)).toMatchObject({ pid: process.pid, token: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(readdirSync(dir).sort()).toEqual(['run.lock']);
    winner!.release();
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
  });

  it('a racer that arrives while another is replacing the stale lock is refused, and the replacement completes', () => {
    const dir = fresh();
    staleLock(dir);
    let second: RunDirError | undefined;
    // Stalled with the take-over claim in hand, just before the replacement: another racer tries now.
    const lock = acquireRunLock(dir, () => {}, { beforeReplace: () => (second = busy(() => acquireRunLock(dir))) });
    expect(second?.message).toMatch(/is taking over the stale lock .*run\.lock/);
    expect(readdirSync(dir).sort()).toEqual(['run.lock']);
    lock.release();
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
  });

  it('a take-over that died half-way (its claim left behind) does not block the next one', () => {
    const dir = fresh();
    const text = staleLock(dir);
    // A claim on this stale lock by a process that is gone (this pid, not held by this process).
    const claim = `run.lock.takeover-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.0`;
    writeFileSync(join(dir, claim), JSON.stringify({ pid: process.pid, hostname: hostname(), started: 'crashed' }) + '\n');
    const said: string[] = [];
    const lock = acquireRunLock(dir, (m) => said.push(m));
    expect(said.join('\n')).toMatch(/taking over .*started then/);
    expect(readdirSync(dir).sort()).toEqual(['run.lock']);
    lock.release();
  });
});
