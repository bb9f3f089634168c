import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/util/rng.js';
import { type DriverRun, ensureBuilt, generationRows, judgedCounts, killAndResume, killAt, lines, moments, runDriver } from '../helpers/searchDriver.js';

/*
 * The default search (elites, escalation, crossover, shrinking with confirmations) against a
 * deterministic program, the planted-bug model: killed before and after commits and resumed, it
 * must end with the files of an uninterrupted run, population and known bugs restored from the
 * checkpoint. Seven generations, for it to stall and escalate: the last kill falls in a generation
 * drawn at a higher escalation level, which a resumed run reads back too.
 */
const PLANTED = {
  target: 'cmd:node examples/cmd-target/planted-bugs.mjs',
  reference: 'none',
  // A seed whose run stalls within seven generations (most runs of the default search keep finding bugs that long).
  rngSeed: 'kill-default-2',
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

  it('killed with SIGKILL before and after commits and resumed each time, it ends with the same files', async () => {
    expect(referenceRun.code, referenceRun.stderr).toBe(0);
    expect(lines(join(reference, 'archive.jsonl')).length).toBeGreaterThanOrEqual(3);
    const escalated = (generationRows(reference) as { generation: number; escalation: { drawn_at: number } }[]).find((r) => r.escalation.drawn_at > 0);
    expect(escalated).toBeDefined();
    const dir = join(work, 'killed');
    const rng = createRng('kill-default-moments');
    // The first generation, nothing committed, as a failure is shrunk and confirmed; inside the
    // escalated one, its population, known bugs and stagnation read back from the checkpoint. (A
    // kill as a generation is committed cuts the same files whatever the search: killResume.test.ts.)
    const stops = [
      killAt(moments.failure(1, rng.int(1, judgedCounts(referenceRun, 1).failures)), rng),
      killAt(moments.judged(escalated!.generation, rng.int(1, judgedCounts(referenceRun, escalated!.generation).problems - 1)), rng),
    ];
    const { run, kills } = await killAndResume(PLANTED, dir, stops);
    expect(run.code, run.stderr).toBe(0);
    expect(kills).toBe(stops.length);
    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
    expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
    expect(generationRows(dir)).toEqual(generationRows(reference));
  }, 300_000);
});
