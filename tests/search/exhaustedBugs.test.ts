import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/jsonLines.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * A model whose only two bugs are easy to find (tests/fixtures/cmd/few-bugs.mjs: x^n for |n| >= 11,
 * and c^(x^k)), without references, so that nothing else can be proven: once both are archived no
 * new signature can come, and the search must escalate, keep asking new problems (never an empty
 * generation), and then stop by itself as stagnated, with its reason, within a bounded number of calls.
 */
const work = mkdtempSync(join(tmpdir(), 'sagga-exhausted-'));

describe('a search whose target has no bug left to find', () => {
  it('escalates, never asks an empty generation, and stops as stagnated after its patience', async () => {
    const out = join(work, 'run');
    const target = 'cmd:node tests/fixtures/cmd/few-bugs.mjs';
    const patience = 6;
    const run = await runBuiltCli([
      'search',
      '--target',
      target,
      '--out',
      out,
      '--reference',
      'none',
      '--rng-seed',
      'exhausted',
      '--generation-size',
      '120',
      '--seed-size',
      '12',
      '--clusters',
      '3',
      '--patience',
      String(patience),
      '--max-target-calls',
      '20000',
      '--concurrency',
      '2',
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/stagnated: no new signature in 6 generations \/ [\d,]+ target calls/);
    const checkpoint = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { engine: { stopReason: string }; totals: { target_calls: number } };
    expect(checkpoint.engine.stopReason).toBe('stagnated');
    const archive = jsonLines<{ signature: string }>(join(out, 'archive.jsonl'));
    expect(new Set(archive.map((a) => a.signature))).toEqual(new Set(['^(x,#)', '^(#,^(x,#))']));
    const generations = jsonLines<{ asked: number; signatures: number; escalation: { drawn_at: number; level: number; stale_generations: number } }>(
      join(out, 'generations.jsonl'),
    );
    for (const g of generations) expect(g.asked).toBeGreaterThan(0);
    const last = generations.at(-1)!;
    expect(last.escalation.stale_generations).toBe(patience);
    // Every level was tried before it stopped.
    expect(Math.max(...generations.map((g) => g.escalation.drawn_at))).toBe(4);
    // Bounded: the generations that found the two bugs, then the patience, each of 120 problems plus shrinking.
    expect(generations.length).toBeLessThanOrEqual(patience + 4);
    expect(checkpoint.totals.target_calls).toBeLessThan((patience + 4) * 400);
  }, 300_000);
});
