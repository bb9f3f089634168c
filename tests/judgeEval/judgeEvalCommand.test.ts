import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeEvalReport } from '../../src/judgeEval/judgeEvalTypes.js';
import { sagga } from '../helpers/cliInProcess.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

const SHIPPED = 'examples/judge-eval/pairs.jsonl';
const NAIVE = 'cmd:node examples/judge-eval/naive-judge.mjs';

interface Pair {
  id: string;
  problem: string;
  answer: string;
  label: 'correct' | 'incorrect';
  family?: string;
}
interface VerdictLine {
  id: string;
  judge: string;
  label: string;
  verdict: string;
  reason: string;
}

describe('sagga judge-eval on the shipped labelled set', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-judgeeval-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test.runIf(SYMPY)('sagga, sympy-simplify and a naive cmd: judge: every metric is what the labels and verdicts give', async () => {
    // A slice of the shipped set (both labels, near misses such as a factor of 1.000001, the paper's
    // pairs) and one hostile answer.
    const shipped = readFileSync(SHIPPED, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Pair);
    const pairs: Pair[] = [
      ...shipped.slice(0, 24),
      ...shipped.slice(-8),
      { id: 'hostile', problem: 'x', answer: "__import__('os').system('true')", label: 'incorrect' },
    ];
    const file = join(work, 'pairs.jsonl');
    writeFileSync(file, pairs.map((p) => JSON.stringify(p)).join('\n') + '\n');
    const out = join(work, 'judges.json');
    const verdictsFile = join(work, 'verdicts.jsonl');
    const run = await sagga([
      'judge-eval',
      '--pairs',
      file,
      '--judge',
      'sagga',
      '--judge',
      'sympy-simplify',
      '--judge',
      NAIVE,
      '--out',
      out,
      '--verdicts',
      verdictsFile,
    ]);
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as JudgeEvalReport;
    const verdicts = readFileSync(verdictsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as VerdictLine);
    expect(report.pairs).toBe(pairs.length);
    expect(report.judges.map((j) => j.judge)).toEqual(['sagga', 'sympy-simplify', 'cmd:node examples/judge-eval/naive-judge.mjs']);
    const label = new Map(pairs.map((p) => [p.id, p.label]));

    for (const judge of report.judges) {
      const mine = verdicts.filter((v) => v.judge === judge.judge);
      expect(mine.map((v) => v.id)).toEqual(pairs.map((p) => p.id));
      // The confusion matrix by hand: label from the pairs file, verdict from the verdicts file.
      const count = (l: string, v: string): number => mine.filter((x) => label.get(x.id) === l && x.verdict === v).length;
      const tp = count('correct', 'correct');
      const fn = count('correct', 'incorrect');
      const uc = count('correct', 'unknown');
      const fp = count('incorrect', 'correct');
      const tn = count('incorrect', 'incorrect');
      const ui = count('incorrect', 'unknown');
      expect(judge.confusion).toEqual({ tp, fn, fp, tn, undecided_correct: uc, undecided_incorrect: ui });
      expect(tp + fn + uc + fp + tn + ui).toBe(pairs.length);
      // μ-MATH's definitions, an undecided verdict rejecting.
      const tpr = tp / (tp + fn + uc);
      const tnr = (tn + ui) / (tn + ui + fp);
      const ppv = tp / (tp + fp);
      const npv = (tn + ui) / (tn + ui + fn + uc);
      const harmonic = (a: number, b: number): number => (a + b === 0 ? 0 : (2 * a * b) / (a + b));
      expect(judge.tpr).toBeCloseTo(tpr, 12);
      expect(judge.tnr).toBeCloseTo(tnr, 12);
      expect(judge.ppv).toBeCloseTo(ppv, 12);
      expect(judge.npv).toBeCloseTo(npv, 12);
      expect(judge.f1).toBeCloseTo((harmonic(ppv, tpr) + harmonic(npv, tnr)) / 2, 12);
      expect(judge.seconds).toBeGreaterThan(0);
      // The printed row says the same.
      const line = run.stdout.split('\n').find((l) => l.startsWith(`| ${judge.judge} |`))!;
      expect(line).toContain(`| ${(100 * tpr).toFixed(1)} % | ${(100 * tnr).toFixed(1)} % |`);
      expect(line).toContain(`| ${tp} | ${fn} | ${fp} | ${tn} | ${uc} / ${ui} |`);
    }

    const verdictOf = (judge: string, id: string): VerdictLine => verdicts.find((v) => v.judge === judge && v.id === id)!;
    // The hostile answer: sagga's parser refuses it (undecided), the naive judge cannot read it, and
    // the reference check counts what it cannot read as correct, as the SAGGA reference does.
    expect(verdictOf('sagga', 'hostile').verdict).toBe('unknown');
    expect(verdictOf('sagga', 'hostile').reason).toMatch(/^invalid/);
    expect(verdictOf('sympy-simplify', 'hostile')).toMatchObject({ verdict: 'correct' });
    expect(verdictOf('sympy-simplify', 'hostile').reason).toMatch(/counted correct, as the reference does/);
    expect(verdictOf(report.judges[2].judge, 'hostile').verdict).toBe('unknown');
    // The naive judge's tolerance lets a factor of 1.000001 through; sagga rejects it.
    const scaled = pairs.find((p) => p.family === 'scale_1e-6')!;
    expect(verdictOf(report.judges[2].judge, scaled.id).verdict).toBe('correct');
    expect(verdictOf('sagga', scaled.id).verdict).toBe('incorrect');
  });

  test('usage: no judge, an unknown judge, a missing file', async () => {
    expect((await sagga(['judge-eval', '--pairs', SHIPPED])).status).toBe(64);
    const unknown = await sagga(['judge-eval', '--pairs', SHIPPED, '--judge', 'wolfram']);
    expect(unknown.status).toBe(64);
    expect(unknown.stderr).toContain("unknown judge 'wolfram'");
    expect((await sagga(['judge-eval', '--pairs', join(work, 'none.jsonl'), '--judge', 'sagga'])).status).toBe(66);
  });
});
