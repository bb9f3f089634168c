import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireRunLock } from '../../src/run/acquireRunLock.js';
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
});
