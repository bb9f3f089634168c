import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalReport } from '../../src/eval/evalTypes.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sagga } from '../helpers/cliInProcess.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

const RUN = 'tests/fixtures/eval/nerdamer-run';
const ARCHIVED = readFileSync(join(RUN, 'archive.jsonl'), 'utf8').trim().split('\n').length;

/** The cells of the row of a Markdown table whose first cell is `first`. */
function row(markdown: string, first: string): string[] {
  const line = markdown.split('\n').find((l) => l.startsWith(`| ${first} |`));
  if (line === undefined) throw new Error(`no row "${first}" in:\n${markdown}`);
  return line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
}

/**
 * Each problem's standing, checked against its own answers by the verifier, independently: how many
 * failed (all answers), how many of those are proven (a wrong answer, or a reference answer that
 * re-checks as correct), how many were solved.
 */
function standings(report: EvalReport): { fails: number; proven: number; solved: number } {
  let fails = 0;
  let proven = 0;
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
      const wrongAnswer = r.answers.some((a) => a.answer !== undefined && verifyStrings(r.problem, a.answer).verdict === 'incorrect');
      const byReference = r.proof?.by === 'reference' && verifyStrings(r.problem, r.proof.answer).verdict === 'correct';
      expect(r.proof !== null, r.problem).toBe(wrongAnswer || byReference);
      if (wrongAnswer || byReference) proven++;
    }
  }
  return { fails, proven, solved };
}

describe('sagga eval replays a nerdamer archive against other targets', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-evalcmd-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  for (const target of ['algebrite', 'sympy']) {
    test.runIf(target !== 'sympy' || SYMPY)(`against ${target}: the transfer table counts what the answers show`, async () => {
      const out = join(work, `${target}.json`);
      const run = await sagga(['eval', '--target', target, '--problems', RUN, '--no-canaries', '--time-limit', '3000', '--out', out]);
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`#### Transfer: failures of nerdamer asked of ${target}`);
      const report = JSON.parse(readFileSync(out, 'utf8')) as EvalReport;
      expect(report.target).toBe(target);
      expect(report.problems).toBe(ARCHIVED);

      const { fails, proven, solved } = standings(report);
      const all = row(run.stdout, 'all');
      // The transfer table's last row: all | failures | also fail (share [ci]) | how | unproven | solved | undecided | not measured.
      const transferAll = run.stdout.split('#### Transfer')[1];
      const cells = row(transferAll, 'all');
      expect(Number(cells[1])).toBe(ARCHIVED);
      expect(cells[2]).toMatch(new RegExp(`^${proven} \\(`));
      expect(Number(cells[4])).toBe(fails - proven);
      expect(Number(cells[5])).toBe(solved);
      expect(Number(cells[1])).toBe(fails + solved + Number(cells[6]) + Number(cells[7]));
      expect(report.transfer!.all.also_fail).toBe(proven);
      expect(report.transfer!.all.unproven).toBe(fails - proven);
      expect(report.transfer!.rate.value).toBe(proven / (ARCHIVED - report.transfer!.all.not_measured));
      // The benchmark row keeps the paper's Fail@1, which counts every failure, proven or not.
      expect(all[1]).toBe(String(ARCHIVED));
      expect(report.metrics['fail@1'].value).toBe(fails / ARCHIVED);
      expect(report.metrics['pass@1'].value).toBe(solved / ARCHIVED);
    });
  }

  test.runIf(SYMPY)(
    'a decline counts as failing too only when a reference solves the problem: not on 155^x^2 or 239^sin(x)*x, which have no closed form',
    async () => {
      const withSympy = join(work, 'algebrite-sympy.json');
      const run = await sagga([
        'eval',
        '--target',
        'algebrite',
        '--problems',
        RUN,
        '--no-canaries',
        '--time-limit',
        '3000',
        '--reference',
        'sympy',
        '--out',
        withSympy,
      ]);
      expect(run.status, run.stderr).toBe(0);
      const report = JSON.parse(readFileSync(withSympy, 'utf8')) as EvalReport;
      const { fails, proven } = standings(report);
      for (const r of report.results) {
        if (r.status.N !== 'fail' || r.kind === 'wrong') continue;
        const nonElementary = /155\^x\^2|239\^sin\(x\)/.test(r.problem);
        if (nonElementary) expect(r.proof, r.problem).toBeNull();
        if (r.proof !== null && r.proof !== undefined) expect(r.proof).toMatchObject({ by: 'reference', reference: 'sympy' });
        if (r.proof === null) expect(r.unproven, r.problem).toMatch(/sympy: /);
      }
      // Both outcomes occur: SymPy solves the trigonometric products Algebrite declined.
      expect(proven).toBeGreaterThan(0);
      expect(fails - proven).toBeGreaterThan(0);
      expect(report.transfer!.all).toMatchObject({ also_fail: proven, unproven: fails - proven });
      expect(report.budget.reference_calls).toBeGreaterThanOrEqual(fails - report.results.filter((r) => r.kind === 'wrong').length);

      // With no reference, no decline is proven.
      const none = await sagga(['eval', '--target', 'algebrite', '--problems', RUN, '--no-canaries', '--time-limit', '3000', '--reference', 'none', '--json']);
      const bare = JSON.parse(none.stdout) as EvalReport;
      const wrong = bare.results.filter((r) => r.status.N === 'fail' && r.kind === 'wrong').length;
      expect(bare.transfer!.all.also_fail).toBe(wrong);
      expect(bare.budget.reference_calls).toBe(0);
    },
  );

  test('usage errors: k above n, a missing problem set, an empty one, an unreadable one', async () => {
    const bad = await sagga(['eval', '--target', 'algebrite', '--problems', RUN, '--n', '2', '--k', '1,4']);
    expect(bad.status).toBe(64);
    expect(bad.stderr).toContain('every k must be at most --n 2');
    const missing = await sagga(['eval', '--target', 'algebrite', '--problems', join(work, 'nothing-here')]);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toContain('no such file or run directory');
    // An empty archive says so; one whose every line is unreadable says that instead.
    writeFileSync(join(work, 'empty.jsonl'), '');
    const empty = await sagga(['eval', '--target', 'algebrite', '--problems', join(work, 'empty.jsonl')]);
    expect([empty.status, empty.stderr]).toEqual([66, expect.stringContaining('holds no problems')]);
    writeFileSync(join(work, 'unreadable.jsonl'), '{"id": "g1-1", "problem": "x +* 2"}\n');
    const unreadable = await sagga(['eval', '--target', 'algebrite', '--problems', join(work, 'unreadable.jsonl')]);
    expect([unreadable.status, unreadable.stderr]).toEqual([66, expect.stringContaining('every line was skipped')]);
  });
});
