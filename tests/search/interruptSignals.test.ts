import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endedWithin, HAVE_PROC, isRunning, startCli, waitFor, type LiveCli } from '../helpers/processTree.js';

/*
 * Any number of Ctrl-C, SIGTERM and SIGHUP end a search cleanly and leave no process of the target
 * behind (issue 18, finding 7). The target is a stubborn family (tests/fixtures/cmd/stuck-family.mjs):
 * a program that never reads its stdin, ignores those signals and never answers, and its grandchild
 * that does the same. They write their pids to a file; the test checks /proc for them. Nothing waits
 * on the clock: each step waits for what sagga says (or for the processes) with generous limits.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-signals-'));
let runs = 0;
const started: LiveCli[] = [];
const familyPids: number[] = [];

afterEach(() => {
  // Whatever a failed test left behind.
  for (const cli of started.splice(0)) if (!cli.exited()) cli.child.kill('SIGKILL');
  for (const pid of familyPids.splice(0)) {
    try {
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** A search against the stuck family, once sagga has started its loop and the family is up. */
async function searchAgainstStuckFamily(): Promise<{ cli: LiveCli; pids: number[] }> {
  const pidFile = join(work, `pids-${++runs}`);
  const cli = startCli([
    'search',
    '--target',
    `cmd:node tests/fixtures/cmd/stuck-family.mjs ${pidFile}`,
    '--no-canaries',
    '--concurrency',
    '1',
    '--out',
    join(work, `run-${runs}`),
  ]);
  started.push(cli);
  const pids = () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  const up = await waitFor(() => cli.exited() || (pids().length >= 2 && /writing to/.test(cli.stderr())), 60_000);
  expect(up && !cli.exited(), cli.stderr()).toBe(true);
  familyPids.push(...pids());
  expect(pids().every(isRunning)).toBe(true);
  return { cli, pids: pids() };
}

/** Sagga is gone and so is every process of the family (polled: the kernel takes a moment). */
async function expectNothingLeft(pids: readonly number[]): Promise<void> {
  const gone = await waitFor(() => pids.every((pid) => !isRunning(pid)), 30_000);
  expect(pids.filter(isRunning), 'processes of the target still running').toEqual([]);
  expect(gone).toBe(true);
}

describe.runIf(HAVE_PROC)('signals end a search and leave no process of the target', () => {
  it('Ctrl-C twice (SIGINT, then SIGINT again while it stops): exit 130, nothing left', async () => {
    const { cli, pids } = await searchAgainstStuckFamily();
    cli.child.kill('SIGINT');
    // The second one once the run has stopped: while the target's programs are being closed (the
    // stubborn one gets a second to exit after its stdin closes), where it used to orphan them.
    expect(await waitFor(() => /nothing was lost/.test(cli.stderr()) || cli.exited(), 60_000)).toBe(true);
    if (!cli.exited()) cli.child.kill('SIGINT');
    const end = await endedWithin(cli, 60_000);
    expect(end.killed, cli.stderr()).toBe(false);
    // 130 either way: from the handler, or (when the second signal came after everything was closed)
    // from Node's own Ctrl-C, which the shell reports as 130 too.
    expect(end.code === 130 || end.signal === 'SIGINT', `${end.code} ${end.signal} ${cli.stderr()}`).toBe(true);
    await expectNothingLeft(pids);
  }, 180_000);

  it('SIGHUP (the terminal closed), then SIGHUP and SIGTERM again: exit 129, nothing left', async () => {
    const { cli, pids } = await searchAgainstStuckFamily();
    cli.child.kill('SIGHUP');
    expect(await waitFor(() => /nothing was lost/.test(cli.stderr()) || cli.exited(), 60_000)).toBe(true);
    if (!cli.exited()) cli.child.kill('SIGHUP');
    if (!cli.exited()) cli.child.kill('SIGTERM');
    const end = await endedWithin(cli, 60_000);
    expect(end.killed, cli.stderr()).toBe(false);
    expect([129, 143].includes(end.code ?? -1) || end.signal !== null, `${end.code} ${end.signal} ${cli.stderr()}`).toBe(true);
    await expectNothingLeft(pids);
  }, 180_000);

  it('one SIGHUP: the run stops after saving, exit 129, nothing left', async () => {
    const { cli, pids } = await searchAgainstStuckFamily();
    cli.child.kill('SIGHUP');
    const end = await endedWithin(cli, 60_000);
    expect(end.killed, cli.stderr()).toBe(false);
    expect(end.code, cli.stderr()).toBe(129);
    expect(cli.stderr()).toMatch(/nothing was lost/);
    await expectNothingLeft(pids);
  }, 180_000);
});
