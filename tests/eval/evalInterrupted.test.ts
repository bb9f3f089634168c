import { afterAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalReport } from '../../src/eval/evalTypes.js';
import { endedWithin, startCli, waitFor } from '../helpers/processTree.js';

const lines = (path: string): string[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
    : [];

describe('a killed sagga eval goes on where it stopped', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-evalkill-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const problems = join(work, 'powers.txt');
  const powers = Array.from({ length: 40 }, (_, i) => `x^${i + 2}`);
  writeFileSync(problems, powers.join('\n') + '\n');
  const log = join(work, 'asked.log');
  const out = join(work, 'eval.json');
  const journal = `${out}.journal.jsonl`;
  // Answers each request after 200 ms, so the evaluation is still running when it is killed.
  const args = [
    'eval',
    '--target',
    `cmd:node tests/fixtures/cmd/known-successes.mjs --log ${log} --delay-ms 200`,
    '--problems',
    problems,
    '--n',
    '2',
    '--k',
    '1,2',
    '--concurrency',
    '1',
    '--no-canaries',
    '--out',
    out,
  ];

  test('SIGKILL mid-run, then the same command: nothing journaled is asked again, and every problem ends measured', async () => {
    const first = startCli(args);
    // Killed once a few calls are journaled (header + at least 8 calls), long before the 40 are asked.
    expect(await waitFor(() => lines(journal).length >= 9, 60_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.ended;
    const journaled = new Set(
      lines(journal)
        .slice(1)
        .map((l) => (JSON.parse(l) as { key: string }).key.split('\u0000')[0]),
    );
    expect(journaled.size).toBeGreaterThan(0);
    expect(journaled.size).toBeLessThan(powers.length);
    const askedBefore = lines(log).length;

    const second = await endedWithin(startCli(args), 120_000);
    expect(second.killed).toBe(false);
    expect(second.code).toBe(0);
    const askedAfter = lines(log).slice(askedBefore);
    const ids = new Map(powers.map((p, i) => [p, `line-${i + 1}`]));
    for (const problem of askedAfter) expect(journaled.has(ids.get(problem)!), `${problem} asked again`).toBe(false);
    const report = JSON.parse(readFileSync(out, 'utf8')) as EvalReport;
    expect(report.problems).toBe(powers.length);
    expect(report.excluded).toEqual({ errors: 0, unasked: 0 });
    // x^m gets m mod 3 right answers of 2 (the fixture's rule): PASS@N counts those with one or two.
    expect(report.metrics['PASS@N'].value).toBe(powers.filter((_, i) => (i + 2) % 3 > 0).length / powers.length);
  });

  test('Ctrl-C stops it with exit status 130 and says how to go on', async () => {
    rmSync(journal, { force: true });
    const cli = startCli(args);
    expect(await waitFor(() => lines(journal).length >= 2, 60_000)).toBe(true);
    cli.child.kill('SIGINT');
    const end = await endedWithin(cli, 60_000);
    expect(end.code).toBe(130);
    expect(cli.stderr()).toContain(`stopped by SIGINT; the answers received are in ${journal}: run the same command to go on`);
  });
});
