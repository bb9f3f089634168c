import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/run/readRun.js';
import { runHeadline } from '../../src/report/runHeadline.js';
import { PROVEN_RUN_PRICES, TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from '../archive/fixtures.js';

describe('the headline numbers of a run', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-run-headline-'));

  it('headline numbers come from the checkpoint totals (they survive resumes), else from generations.jsonl', () => {
    const generations = [
      { generation: 1, candidates: 50, evaluated: 40, failures: 4, asked: 40, seconds: { target: 1.5, verify: 0.25, engine: 0.5 } },
      { generation: 2, candidates: 50, evaluated: 30, failures: 9, asked: 30, seconds: { target: 2.5, verify: 0.25, engine: 0.5 } },
    ];
    const dir = writeRun(join(work, 'headline'), TRICKY_LINES, { generations, config: { settings: { archiveSize: 100, k: 1 } } });
    const fromGenerations = runHeadline(readRun(dir));
    expect(fromGenerations).toMatchObject({
      archiveSize: 4,
      archiveTarget: 100,
      generations: 2,
      candidates: 100,
      evaluated: 70,
      failures: 13,
      targetCalls: 70,
      targetCallsFrom: 'asked',
      k: 1,
      tokens: null,
      stopReason: null,
    });
    expect(fromGenerations.failureRate).toBeCloseTo(13 / 70, 12);
    expect(fromGenerations.seconds).toEqual({ wall: null, target: 4, verify: 0.5, engine: 1 });
    writeFileSync(
      join(dir, 'checkpoint.json'),
      JSON.stringify({
        engine: { generation: 7, stopReason: 'archive-full' },
        totals: { candidates: 350, asked: 300, evaluated: 300, failures: 60, tokens: { total: 1234 }, seconds: { target: 9, verify: 1, engine: 2, wall: 13 } },
      }),
    );
    const fromCheckpoint = runHeadline(readRun(dir));
    expect(fromCheckpoint).toMatchObject({
      generations: 7,
      candidates: 350,
      evaluated: 300,
      failures: 60,
      failureRate: 0.2,
      // A run that did not count target calls: the problems it asked, said so.
      targetCalls: 300,
      targetCallsFrom: 'asked',
      tokens: { input: null, output: null, total: 1234 },
      proven: null,
      unproven: null,
      tokensPerProven: null,
      stopReason: 'archive-full',
    });
    expect(fromCheckpoint.seconds).toEqual({ wall: 13, target: 9, verify: 1, engine: 2 });
  });

  it('a run with proofs: proven and unproven failures, signatures, calls, tokens and cost per proven failure from its totals', () => {
    const files = provenRunFiles();
    const h = runHeadline(readRun(writeProvenRun(join(work, 'proven'), files)));
    const fails = files.evaluated.filter((e) => e.status === 'fail');
    const proven = fails.filter((e) => e.proof !== null && e.proof !== undefined).length;
    const calls = files.generations.reduce((n, g) => n + g.calls.problems + g.calls.references + g.calls.shrinking + g.calls.health, 0);
    const input = files.generations.reduce((n, g) => n + g.tokens.input, 0);
    const output = files.generations.reduce((n, g) => n + g.tokens.output, 0);
    expect(h).toMatchObject({
      failures: fails.length,
      proven,
      unproven: fails.length - proven,
      signatures: new Set(files.archive.map((a) => a.signature)).size,
      targetCalls: calls,
      targetCallsFrom: 'recorded',
      calls: {
        problems: files.generations.reduce((n, g) => n + g.calls.problems, 0),
        references: files.generations.reduce((n, g) => n + g.calls.references, 0),
        shrinking: files.generations.reduce((n, g) => n + g.calls.shrinking, 0),
        health: files.generations.reduce((n, g) => n + g.calls.health, 0),
      },
      tokens: { input, output, total: input + output },
      stopReason: 'max-generations',
    });
    expect(h.tokensPerProven).toBeCloseTo((input + output) / proven, 12);
    expect(h.costPerProven).toBeCloseTo((input * PROVEN_RUN_PRICES.input + output * PROVEN_RUN_PRICES.output) / 1e6 / proven, 12);
  });
});
