import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sagga } from '../helpers/cliInProcess.js';
import { searchOneGeneration } from '../helpers/searchOneGeneration.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

interface Metric {
  readonly value: number | null;
  readonly ci: readonly [number, number] | null;
}
interface Report {
  readonly task?: string;
  readonly problems: number;
  readonly metrics: Readonly<Record<string, Metric>>;
  readonly groups: Readonly<Record<string, { problems: number; metrics: Readonly<Record<string, Metric>> }>>;
  readonly results: ReadonlyArray<Readonly<Record<string, unknown>> & { id: string; correct: number; n: number }>;
}

const FILE = 'tests/fixtures/eval/definite-problems.jsonl';
/*
 * The scripted definite model (tests/fixtures/cmd/definite-model.mjs) is right on every finite
 * integral without a sine, flips the sign of one with a sine, declines an infinite range. Of the
 * file's 8 problems, by that rule: parts, arctan, log and cosine right (4); sine and sine-half
 * wrong; tail and gauss declined.
 */
const RIGHT = new Set(['parts', 'arctan', 'log', 'cosine']);

describe('sagga eval --task limit', () => {
  it('answers oo and DNE are judged, journaled and read back as they were: the same command again asks nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-eval-limit-'));
    const problems = join(dir, 'limits.jsonl');
    writeFileSync(
      problems,
      [
        '{"id": "right", "problem": "1/x", "point": "0", "direction": "+"}',
        '{"id": "both", "problem": "1/x", "point": "0"}',
        '{"id": "far", "problem": "atan(x)", "point": "oo"}',
      ].join('\n') + '\n',
    );
    const out = join(dir, 'report.json');
    const args = ['eval', '--task', 'limit', '--target', 'cmd:node tests/fixtures/cmd/limit-model.mjs', '--problems', problems, '--out', out, '--no-canaries'];
    const first = await sagga(args);
    expect(first.status, first.stderr).toBe(0);
    const again = await sagga(args);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('3 calls already in');
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      budget: { target_calls: number };
      results: Array<{ id: string; correct: number; answers: Array<{ answer?: string; verdict: string | null }> }>;
    };
    const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
    // The model: oo from the right, DNE for both sides of a pole, and its planted 0 at infinity (wrong: pi/2).
    expect(byId.right.answers[0]).toMatchObject({ answer: 'oo', verdict: 'correct' });
    expect(byId.both.answers[0]).toMatchObject({ answer: 'DNE', verdict: 'correct' });
    expect(byId.far.answers[0]).toMatchObject({ answer: '0', verdict: 'incorrect' });
  }, 300_000);
});

describe('sagga eval --task definite', () => {
  it('measures PASS@N and ALL@N with intervals on a problem file, per family, with each problem and its bounds in the results', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-eval-definite-')), 'report.json');
    const run = await sagga([
      'eval',
      '--task',
      'definite',
      '--target',
      'cmd:node tests/fixtures/cmd/definite-model.mjs',
      '--problems',
      FILE,
      '--n',
      '2',
      '--k',
      '1,2',
      '--out',
      out,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.task).toBe('definite');
    expect(report.problems).toBe(8);
    for (const name of ['PASS@N', 'ALL@N', 'pass@1', 'pass@2']) {
      const m = report.metrics[name];
      expect(m.value, name).toBe(RIGHT.size / 8);
      expect(m.ci![0]).toBeLessThanOrEqual(m.value!);
      expect(m.ci![1]).toBeGreaterThanOrEqual(m.value!);
      expect(m.ci![1] - m.ci![0]).toBeGreaterThan(0);
    }
    expect(report.groups['family: trig'].metrics['PASS@N'].value).toBeCloseTo(1 / 3, 10);
    for (const r of report.results) {
      expect(r.correct, r.id).toBe(RIGHT.has(r.id) ? 2 : 0);
      expect(r.task).toBe('definite');
      expect(typeof r.lower).toBe('string');
      expect(typeof r.upper).toBe('string');
    }
    expect(run.stdout).toContain('8 definite problems');
  }, 300_000);

  it.runIf(SYMPY)(
    'reads a definite run as its problems, with their bounds, and measures how many of its failures another target fails too',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'sagga-eval-run-')), 'run');
      await searchOneGeneration({
        task: 'definite',
        target: 'cmd:node tests/fixtures/cmd/definite-model.mjs',
        out: dir,
        extra: ['--reference', 'nerdamer', '--rng-seed', '7'],
      });
      const archived = readFileSync(join(dir, 'archive.jsonl'), 'utf8').trim().split('\n').length;
      const out = join(dir, 'transfer.json');
      // No --task: the run's own.
      const run = await sagga(['eval', '--target', 'sympy', '--problems', dir, '--out', out]);
      expect(run.status, run.stderr).toBe(0);
      const report = JSON.parse(readFileSync(out, 'utf8')) as Report & { transfer: { all: { failures: number } } };
      expect(report.task).toBe('definite');
      expect(report.problems).toBe(archived);
      expect(report.transfer.all.failures).toBe(archived);
    },
    600_000,
  );
});
