import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DriverRun, ensureBuilt, generationRows, killAndResume, lines, runDriver } from '../helpers/searchDriver.js';

/*
 * The default search (elites, escalation, crossover, shrinking with confirmations) against a
 * deterministic program, the planted-bug model: killed at random moments and resumed, it must end
 * with the files of an uninterrupted run, population and known bugs restored from the checkpoint.
 */
const PLANTED = {
  target: 'cmd:node examples/cmd-target/planted-bugs.mjs',
  reference: 'none',
  rngSeed: 'kill-default',
  generationSize: 80,
  seedSize: 10,
  clusters: 3,
  maxGenerations: 7,
  concurrency: 2,
  json: true,
};

describe('the default search survives kills', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-kill-default-'));
  const reference = join(work, 'reference');
  let referenceRun: DriverRun;

  beforeAll(async () => {
    ensureBuilt();
    referenceRun = await runDriver({ ...PLANTED, out: reference });
  }, 240_000);

  it('killed with SIGKILL at random moments and resumed, it ends with the same files', async () => {
    expect(referenceRun.code, referenceRun.stderr).toBe(0);
    expect(lines(join(reference, 'archive.jsonl')).length).toBeGreaterThanOrEqual(3);
    const dir = join(work, 'killed');
    const { run, kills } = await killAndResume(PLANTED, dir, referenceRun.events, 'kill-default-moments');
    expect(run.code, run.stderr).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
    expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
    expect(generationRows(dir)).toEqual(generationRows(reference));
  }, 300_000);
});
