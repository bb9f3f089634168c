import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declinedLine, powerOfSquareSpec, writeShrinkRun, wrongLine } from '../archive/shrinkFixtures.js';
import { endedWithin, HAVE_PROC, startCli, waitFor } from '../helpers/processTree.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/** What the fixture's log says about the shrinking requests (canaries left out), in order. */
function requests(log: string): { asked: string[]; answered: string[] } {
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  const asked: string[] = [];
  const answered: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^(asked|answered) (\S+) (.*)$/.exec(line);
    if (m === null || m[2].startsWith('canary')) continue;
    (m[1] === 'asked' ? asked : answered).push(m[3]);
  }
  return { asked, answered };
}

describe.runIf(HAVE_PROC)('sagga archive shrink, killed and run again', () => {
  it('ends with exactly the archive of an uninterrupted shrink, and asks no answered problem twice', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sagga-shrink-kill-'));
    const log = join(work, 'requests.log');
    const hangAfter = join(work, 'hang-after');
    // One spec for both runs (the journal and the archive lines name it); the hang is switched by a file.
    const target = powerOfSquareSpec({ log, hangAfterFile: hangAfter });
    const original = writeShrinkRun(
      join(work, 'original'),
      target,
      [
        wrongLine('g1-1', 'x + 544^x^2 + 628*x', target),
        wrongLine('g1-2', 'x*cos(x)^2 + 3^x^2/sin(x) - 12', target),
        declinedLine('g1-3', 'sin(x)*exp(x)', target),
        wrongLine('g1-4', 'sin(x) + 186^x^2*x', target),
      ],
      [wrongLine('g2-1', '7^x^2 + x', target)],
    );
    const args = (dir: string) => ['archive', 'shrink', dir, '--target', target, '--reference', 'none', '--concurrency', '1'];

    // The uninterrupted shrink.
    const whole = join(work, 'whole');
    cpSync(original.dir, whole, { recursive: true });
    const uninterrupted = await runBuiltCli(args(whole));
    expect(uninterrupted.status, uninterrupted.stderr).toBe(0);
    const paidWhole = requests(log).asked;
    expect(paidWhole.length).toBeGreaterThan(20);
    rmSync(log);

    // The same shrink, with a target that hangs after 6 canaries and 12 shrinking requests: killed there.
    const killed = join(work, 'killed');
    cpSync(original.dir, killed, { recursive: true });
    writeFileSync(hangAfter, String(6 + 12));
    const cli = startCli(args(killed));
    const hanging = await waitFor(() => requests(log).asked.length >= 13 || cli.exited(), 120_000);
    expect(cli.exited(), cli.stderr()).toBe(false);
    expect(hanging, `${cli.stderr()}\n${existsSync(log) ? readFileSync(log, 'utf8') : '(no log)'}`).toBe(true);
    cli.child.kill('SIGKILL');
    expect((await endedWithin(cli, 30_000)).signal).toBe('SIGKILL');
    const first = requests(log);
    expect(first.answered).toHaveLength(12);
    expect(first.answered).toEqual(paidWhole.slice(0, 12));
    // Nothing of the archive was touched; the answers are in the journal; the lock is left behind.
    expect(readFileSync(join(killed, 'archive.jsonl'), 'utf8')).toBe(original.archive);
    expect(readFileSync(join(killed, 'shrink.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(12);
    expect(existsSync(join(killed, 'run.lock'))).toBe(true);
    rmSync(log);

    // Run again with a target that no longer hangs.
    rmSync(hangAfter);
    const resumed = await runBuiltCli(args(killed));
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('taking over');
    expect(resumed.stderr).toMatch(/12 answer\(s\) of a stopped shrink are replayed from its journal/);
    const second = requests(log);
    expect(second.asked.filter((p) => first.answered.includes(p))).toEqual([]);
    expect([...first.answered, ...second.asked]).toEqual(paidWhole);

    expect(readFileSync(join(killed, 'archive.jsonl'), 'utf8')).toBe(readFileSync(join(whole, 'archive.jsonl'), 'utf8'));
    expect(readFileSync(join(killed, 'checkpoint.json'), 'utf8')).toBe(readFileSync(join(whole, 'checkpoint.json'), 'utf8'));
    expect(existsSync(join(killed, 'shrink.jsonl'))).toBe(false);
    expect(existsSync(join(killed, 'run.lock'))).toBe(false);
    const summary = (stderr: string) => /line\(s\) done: .*$/m.exec(stderr)?.[0].replace(/, \d+ made now.*/, '');
    expect(summary(resumed.stderr)).toBe(summary(uninterrupted.stderr));
  }, 240_000);
});
