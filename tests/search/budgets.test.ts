import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/jsonLines.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * --max-target-calls stops a run before it makes more calls than the budget, counts what it spent in
 * the checkpoint so that the budget holds across --resume, and its count is the program's own: the
 * target logs every request it receives (tests/fixtures/cmd/logged-power-rule.mjs).
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-budget-'));

describe('--max-target-calls', () => {
  it("stops within the budget, with the target's own count, and goes on when the budget is raised on resume", async () => {
    const out = join(work, 'run');
    const log = join(work, 'requests.jsonl');
    const target = `cmd:node tests/fixtures/cmd/logged-power-rule.mjs ${log}`;
    // No start-up canaries and no references: every call the run makes goes to the logged program.
    const common = ['--no-canaries', '--reference', 'none', '--json'];
    const first = await runBuiltCli([
      'search',
      '--target',
      target,
      '--out',
      out,
      '--max-target-calls',
      '500',
      '--generation-size',
      '60',
      '--seed-size',
      '10',
      '--clusters',
      '2',
      '--rng-seed',
      'budget',
      '--concurrency',
      '3',
      ...common,
    ]);
    expect(first.status, first.stderr).toBe(0);
    const checkpoint = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { engine: { stopReason: string }; totals: { target_calls: number } };
    expect(checkpoint.engine.stopReason).toBe('budget');
    const received = jsonLines(log).length;
    expect(received).toBeLessThanOrEqual(500);
    expect(received).toBeGreaterThan(500 - 60);
    expect(checkpoint.totals.target_calls).toBe(received);
    const generations = jsonLines<{ target_calls: number }>(join(out, 'generations.jsonl'));
    expect(generations.reduce((s, g) => s + g.target_calls, 0)).toBe(received);

    // Resumed with the same budget: nothing to spend, nothing asked.
    const same = await runBuiltCli(['search', '--resume', out, '--target', target, ...common]);
    expect(same.status, same.stderr).toBe(0);
    expect(jsonLines(log).length).toBe(received);

    // Raised: the run goes on, still within the new budget.
    const raised = await runBuiltCli(['search', '--resume', out, '--target', target, '--max-target-calls', '800', ...common]);
    expect(raised.status, raised.stderr).toBe(0);
    const requests = jsonLines<{ id: string; problem: string }>(log);
    expect(requests.length).toBeLessThanOrEqual(800);
    expect(requests.length).toBeGreaterThan(received);
    // A generation's problems are never asked twice, nor are shrinking's candidates (kept for the run);
    // a candidate may be a problem some earlier generation asked. The program is not known to be
    // deterministic, so a shrink step is confirmed by a second ask of the candidate: at most two.
    const generationProblems = requests.filter((r) => /^g\d/.test(r.id)).map((r) => r.problem);
    expect(new Set(generationProblems).size).toBe(generationProblems.length);
    const probes = new Map<string, number>();
    for (const r of requests.filter((r) => !/^g\d/.test(r.id))) probes.set(r.problem, (probes.get(r.problem) ?? 0) + 1);
    expect(Math.max(...probes.values())).toBeLessThanOrEqual(2);
    const after = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { totals: { target_calls: number } };
    expect(after.totals.target_calls).toBe(requests.length);
  }, 180_000);

  it('asks what the run never stopped asks when it is stopped and resumed: the canary check each session begins with is not charged', async () => {
    const run = (out: string, more: string[]) =>
      runBuiltCli([
        'search',
        '--target',
        'cmd:node examples/cmd-target/planted-bugs.mjs',
        '--reference',
        'none',
        '--out',
        out,
        '--max-target-calls',
        '450',
        '--generation-size',
        '100',
        '--seed-size',
        '10',
        '--clusters',
        '2',
        '--rng-seed',
        'sessions',
        '--concurrency',
        '2',
        '--json',
        ...more,
      ]);
    const whole = join(work, 'one-session');
    const parts = join(work, 'three-sessions');
    expect((await run(whole, [])).status).toBe(0);
    // The same run in three sessions (stopped after generations 1 and 2), each beginning with its canary check.
    expect((await run(parts, ['--max-generations', '1'])).status).toBe(0);
    for (const generations of ['2', '1000']) {
      const r = await runBuiltCli(['search', '--resume', parts, '--max-generations', generations, '--json']);
      expect(r.status, r.stderr).toBe(0);
    }
    const asked = (out: string) => jsonLines<{ key: string }>(join(out, 'evaluated.jsonl')).map((e) => e.key);
    const totals = (out: string) =>
      (JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { totals: { target_calls: number; startup_calls: number } }).totals;
    expect(totals(whole).startup_calls).toBeGreaterThan(0);
    expect(totals(parts).startup_calls).toBe(3 * totals(whole).startup_calls);
    // The budget ends inside a generation: the last one asks as many problems in both.
    expect(asked(parts)).toEqual(asked(whole));
    expect(readFileSync(join(parts, 'archive.jsonl'), 'utf8')).toBe(readFileSync(join(whole, 'archive.jsonl'), 'utf8'));
    expect(totals(whole).target_calls - totals(whole).startup_calls).toBeLessThanOrEqual(450);
  }, 120_000);
});
