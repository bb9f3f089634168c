import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DriverRun, ensureBuilt, generationRows, killAndResume, lines, runDriver } from './searchDriver.js';

/** The settings of a task's kill test: a small search of a scripted model of that task. */
export function taskKillOptions(task: string): Record<string, unknown> {
  return {
    target: `cmd:node tests/fixtures/cmd/${task}-model.mjs`,
    task,
    reference: 'nerdamer',
    rngSeed: `kill-${task}`,
    generationSize: 40,
    seedSize: 10,
    clusters: 3,
    maxGenerations: 4,
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
 * proves its declines: killed at random moments and resumed, it must end with the files of an
 * uninterrupted run, the task's fields and all. `extra` adds tests on the uninterrupted run.
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

    it('killed with SIGKILL at random moments and resumed, it ends with the same files', async () => {
      expect(referenceRun.code, referenceRun.stderr).toBe(0);
      const archived = lines(join(reference, 'archive.jsonl'));
      expect(archived.length).toBeGreaterThanOrEqual(2);
      expect(archived.every((l) => killed.archivedLine(JSON.parse(l) as Record<string, unknown>))).toBe(true);
      const dir = join(work, 'killed');
      const { run, kills } = await killAndResume(options, dir, referenceRun.events, `kill-${task}-moments`);
      expect(run.code, run.stderr).toBe(0);
      expect(kills).toBeGreaterThanOrEqual(2);
      expect(lines(join(dir, 'archive.jsonl'))).toEqual(archived);
      expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
      expect(generationRows(dir)).toEqual(generationRows(reference));
    }, 400_000);

    extra?.(reference);
  });
}
