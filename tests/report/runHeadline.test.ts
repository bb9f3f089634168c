import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/run/readRun.js';
import { runHeadline } from '../../src/report/runHeadline.js';
import { TRICKY_LINES, writeRun } from '../archive/fixtures.js';

describe('the headline numbers of a run', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-run-headline-'));

  it('headline numbers come from the checkpoint totals (they survive resumes), else from generations.jsonl', () => {
    const generations = [
      { generation: 1, candidates: 50, evaluated: 40, failures: 4, asked: 40, seconds: { target: 1.5, verify: 0.25, engine: 0.5 } },
      { generation: 2, candidates: 50, evaluated: 30, failures: 9, asked: 30, seconds: { target: 2.5, verify: 0.25, engine: 0.5 } },
    ];
    const dir = writeRun(join(work, 'headline'), TRICKY_LINES, { generations, config: { settings: { archiveSize: 100, k: 1 } } });
    const fromGenerations = runHeadline(readRun(dir));
    expect(fromGenerations).toMatchObject({ archiveSize: 4, archiveTarget: 100, generations: 2, candidates: 100, evaluated: 70, failures: 13, targetCalls: 70, k: 1, tokens: null, stopReason: null });
    expect(fromGenerations.failureRate).toBeCloseTo(13 / 70, 12);
    expect(fromGenerations.seconds).toEqual({ wall: null, target: 4, verify: 0.5, engine: 1 });
    writeFileSync(
      join(dir, 'checkpoint.json'),
      JSON.stringify({ engine: { generation: 7, stopReason: 'archive-full' }, totals: { candidates: 350, asked: 300, evaluated: 300, failures: 60, tokens: { total: 1234 }, seconds: { target: 9, verify: 1, engine: 2, wall: 13 } } }),
    );
    const fromCheckpoint = runHeadline(readRun(dir));
    expect(fromCheckpoint).toMatchObject({ generations: 7, candidates: 350, evaluated: 300, failures: 60, failureRate: 0.2, targetCalls: 300, tokens: 1234, stopReason: 'archive-full' });
    expect(fromCheckpoint.seconds).toEqual({ wall: 13, target: 9, verify: 1, engine: 2 });
  });
});
