import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/util/rng.js';
import { type DriverRun, ensureBuilt, generationRows, judgedCounts, killAndResume, killAt, lines, moments, runDriver } from './searchDriver.js';

/**
 * The settings of a task's kill test: a small search of a scripted model of that task, three
 * generations, so that every kill falls in a generation with another one after it (a kill in the
 * last could come after the run has ended) and a resumed run asks a whole generation from the
 * engine state it read back. No canaries: the health check each of the test's four runs would start
 * with says nothing about resuming (the default search's kill test has one in the generation it
 * is killed in).
 */
export function taskKillOptions(task: string): Record<string, unknown> {
  return {
    target: `cmd:node tests/fixtures/cmd/${task}-model.mjs`,
    task,
    reference: 'nerdamer',
    canaries: false,
    rngSeed: `kill-${task}`,
    generationSize: 24,
    seedSize: 10,
    clusters: 3,
    maxGenerations: 3,
    shrinkCalls: 16,
    concurrency: 2,
    json: true,
  };
}

/** What a search's kill test names it, and what each of its archived lines must carry. */
export interface KilledSearch {
  readonly title: string;
  readonly archivedLine: (line: Record<string, unknown>) => boolean;
}

/**
 * A task's search against a deterministic scripted model, with nerdamer as the reference that
 * proves its declines: killed twice and resumed each time, it must end with the files of an
 * uninterrupted run, the task's fields and all. The kills fall in the two states a resumed run
 * starts from, at moments drawn from a seeded generator: in the first generation, with nothing
 * committed, as a failure has just been judged (its proof and shrinking under way); in the second,
 * after a commit, with its answers so far journaled. (A kill as a generation is committed is the
 * nerdamer and default searches' to test: it cuts the same files whatever the task.) `extra` adds
 * tests on the uninterrupted run.
 */
export function describeTaskSurvivesKills(
  task: string,
  options: Record<string, unknown>,
  extra?: (reference: string) => void,
  killed: KilledSearch = { title: `a ${task} search`, archivedLine: (l) => l.task === task },
): void {
  describe(`${killed.title} survives kills`, () => {
    const work = mkdtempSync(join(tmpdir(), `sagga-kill-${task}-`));
    const reference = join(work, 'reference');
    let referenceRun: DriverRun;

    beforeAll(async () => {
      ensureBuilt();
      referenceRun = await runDriver({ ...options, out: reference });
    }, 300_000);

    it('killed with SIGKILL before and after a commit and resumed each time, it ends with the same files', async () => {
      expect(referenceRun.code, referenceRun.stderr).toBe(0);
      const archived = lines(join(reference, 'archive.jsonl'));
      expect(archived.length).toBeGreaterThanOrEqual(2);
      expect(archived.every((l) => killed.archivedLine(JSON.parse(l) as Record<string, unknown>))).toBe(true);
      const dir = join(work, 'killed');
      const rng = createRng(`kill-${task}-moments`);
      const first = judgedCounts(referenceRun, 1);
      const stops = [
        killAt(moments.failure(1, rng.int(1, first.failures)), rng),
        killAt(moments.judged(2, rng.int(1, judgedCounts(referenceRun, 2).problems - 1)), rng),
      ];
      const { run, kills } = await killAndResume(options, dir, stops);
      expect(run.code, run.stderr).toBe(0);
      expect(kills).toBe(stops.length);
      expect(lines(join(dir, 'archive.jsonl'))).toEqual(archived);
      expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
      expect(generationRows(dir)).toEqual(generationRows(reference));
    }, 400_000);

    extra?.(reference);
  });
}
