import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedPackages } from '../../helpers/requirePackage.js';
import { descendants, HAVE_PROC, isRunning, startCli, waitFor, type LiveCli } from '../../helpers/processTree.js';

/*
 * SIGKILL of sagga runs no code of sagga's, yet leaves no process behind (issue 18, finding 7): the
 * watchdog of src/targets/process/orphanGuard.ts sees its pipe close and kills every process group
 * sagga started. Tested with programs that would otherwise survive: one that never reads its stdin
 * and ignores signals, with a grandchild (tests/fixtures/cmd/stuck-family.mjs), and the real SymPy and
 * Maxima (a shell script over a Lisp) when installed. Each step waits on a condition, generously.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-orphans-'));
let runs = 0;
const leftovers: number[] = [];
const started: LiveCli[] = [];

afterEach(() => {
  for (const cli of started.splice(0)) if (!cli.exited()) cli.child.kill('SIGKILL');
  for (const pid of leftovers.splice(0)) {
    try {
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** Start a search, wait until its loop runs and `ready` holds, SIGKILL it; every process below it must go. */
async function killAndExpectNoOrphans(args: readonly string[], ready: () => boolean, minProcesses: number): Promise<void> {
  const cli = startCli(['search', ...args, '--no-canaries', '--concurrency', '1', '--out', join(work, `run-${++runs}`)]);
  started.push(cli);
  const pid = cli.child.pid!;
  const up = await waitFor(() => cli.exited() || (/writing to/.test(cli.stderr()) && ready() && descendants(pid).length >= minProcesses), 120_000);
  expect(up && !cli.exited(), cli.stderr()).toBe(true);
  // Everything sagga started: the target's processes, their children, the watchdog.
  const family = descendants(pid);
  leftovers.push(...family);
  expect(family.length).toBeGreaterThanOrEqual(minProcesses);
  cli.child.kill('SIGKILL');
  await cli.ended;
  await waitFor(() => family.every((p) => !isRunning(p)), 30_000);
  expect(
    family.filter(isRunning).map((p) => `${p}: ${cmdline(p)}`),
    'processes that outlived sagga',
  ).toEqual([]);
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '?';
  }
}

describe.runIf(HAVE_PROC)('SIGKILL of sagga leaves no process of its targets', () => {
  it('a cmd: program that ignores its stdin and signals, and its grandchild, die with sagga', async () => {
    const pidFile = join(work, 'pids');
    const pids = () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
    // The program and its grandchild (and the watchdog).
    await killAndExpectNoOrphans(['--target', `cmd:node tests/fixtures/cmd/stuck-family.mjs ${pidFile}`], () => pids().length >= 2, 2);
    expect(pids().length).toBe(2);
    expect(pids().filter(isRunning)).toEqual([]);
  }, 180_000);

  it.runIf(installedPackages().sympy)(
    'sympy: its Python process dies with sagga',
    async () => {
      await killAndExpectNoOrphans(['--target', 'sympy'], () => true, 2);
    },
    180_000,
  );

  it.runIf(installedPackages().maxima)(
    'maxima: the maxima script and the Lisp under it die with sagga',
    async () => {
      // The script (or the Lisp it became), possibly its child, and the watchdog.
      await killAndExpectNoOrphans(['--target', 'maxima'], () => true, 2);
    },
    180_000,
  );
});
