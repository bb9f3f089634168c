import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalReport } from '../../src/eval/evalTypes.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sagga } from '../helpers/cliInProcess.js';

const RUN = 'tests/fixtures/eval/nerdamer-run';
const ARCHIVED = readFileSync(join(RUN, 'archive.jsonl'), 'utf8').trim().split('\n').length;

/** The cells of the row of a Markdown table whose first cell is `first`. */
function row(markdown: string, first: string): string[] {
  const line = markdown.split('\n').find((l) => l.startsWith(`| ${first} |`));
  if (line === undefined) throw new Error(`no row "${first}" in:\n${markdown}`);
  return line.split('|').slice(1, -1).map((c) => c.trim());
}

describe('sagga eval replays a nerdamer archive against other targets', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-evalcmd-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  for (const target of ['algebrite', 'sympy']) {
    test(`against ${target}: the transfer table counts what the answers show`, async () => {
      const out = join(work, `${target}.json`);
      const run = await sagga(['eval', '--target', target, '--problems', RUN, '--no-canaries', '--time-limit', '3000', '--out', out]);
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`#### Transfer: failures of nerdamer asked of ${target}`);
      const report = JSON.parse(readFileSync(out, 'utf8')) as EvalReport;
      expect(report.target).toBe(target);
      expect(report.problems).toBe(ARCHIVED);

      // Each problem's standing, checked against its own answers by the verifier, independently.
      let fails = 0;
      let solved = 0;
      for (const r of report.results) {
        const accepted = r.answers.filter((a) => a.answer !== undefined && verifyStrings(r.problem, a.answer).verdict === 'correct').length;
        expect(r.correct).toBe(accepted);
        if (r.status.N === 'pass') {
          solved++;
          expect(accepted).toBeGreaterThan(0);
        } else if (r.status.N === 'fail') {
          fails++;
          expect(accepted).toBe(0);
        }
      }
      const all = row(run.stdout, 'all');
      // The transfer table's last row: all | failures | also fail (share [ci]) | how | solved | undecided | not measured.
      const transferAll = run.stdout.split('#### Transfer')[1];
      const cells = row(transferAll, 'all');
      expect(Number(cells[1])).toBe(ARCHIVED);
      expect(cells[2]).toMatch(new RegExp(`^${fails} \\(`));
      expect(Number(cells[4])).toBe(solved);
      expect(Number(cells[1])).toBe(fails + solved + Number(cells[5]) + Number(cells[6]));
      expect(report.transfer!.all.also_fail).toBe(fails);
      expect(report.transfer!.rate.value).toBe(fails / (ARCHIVED - report.transfer!.all.not_measured));
      // The benchmark row agrees: Fail@1 at n = 1 is the transfer rate.
      expect(all[1]).toBe(String(ARCHIVED));
      expect(report.metrics['fail@1'].value).toBe(report.transfer!.rate.value);
      expect(report.metrics['pass@1'].value).toBe(solved / ARCHIVED);
    });
  }

  test('usage errors: k above n, a missing problem set', async () => {
    const bad = await sagga(['eval', '--target', 'algebrite', '--problems', RUN, '--n', '2', '--k', '1,4']);
    expect(bad.status).toBe(64);
    expect(bad.stderr).toContain('every k must be at most --n 2');
    const missing = await sagga(['eval', '--target', 'algebrite', '--problems', join(work, 'nothing-here')]);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toContain('no such file or run directory');
  });
});
