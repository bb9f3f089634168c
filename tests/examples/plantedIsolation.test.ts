import { describe, expect, test } from 'vitest';
import { createRng } from '../../src/util/rng.js';
import { createJudge, failingProblemsByBug } from '../../testkit/plantedFailures.js';
import { correctProblems, plantedSlips, twoBugProblems } from '../../testkit/plantedIsolation.js';
import { loadPlantedModel } from '../../testkit/plantedModel.js';

/*
 * No single shrink move, anywhere in a failing problem, leads to a problem on which a bug fires that
 * did not fire before (testkit/plantedIsolation.ts says why that keeps every shrink within the bugs
 * of the problem it started from), checked on a seeded sample of each set: every bug's example and
 * 50 random failing problems of it, 500 problems answered correctly and 50 near each bug's example,
 * and 100 sums of two bugs' failures. `npm run bench:isolation` checks the whole sets: 200 failing
 * problems of each bug, 2,000 correct ones and 200 near each example, 300 sums.
 *
 * Both planted-bug models are checked (planted-bugs.mjs and planted-deep-bugs.mjs), each in-process
 * (the same code its program serves), so that it can say which bug fired on each of the thousands
 * of problems asked here; sagga's verifier judges every answer.
 */

/** Random failing problems of each bug, besides its example. */
const PER_BUG = 50;

describe.each(['planted', 'planted-deep'] as const)('%s: no single shrink move leads from one planted bug to another', async (which) => {
  const model = await loadPlantedModel(which);
  const judge = createJudge(model);
  const rng = createRng('planted-isolation');
  const byBug = failingProblemsByBug(model, judge, rng, PER_BUG, 5_000);

  test.each(model.bugs.map((b) => [b.id]))('%s: its example and 50 random failing problems', (id) => {
    const problems = byBug.get(id)!;
    expect(problems.length, `failing problems found for ${id}`).toBeGreaterThan(PER_BUG);
    let moves = 0;
    for (const p of problems) {
      expect(judge(p), p).toMatchObject({ verdict: 'incorrect', bugs: [id] });
      expect(plantedSlips(p, judge).slips).toEqual([]);
      moves++;
    }
    expect(moves).toBeGreaterThan(PER_BUG);
  });

  test('a problem answered correctly is no move away from a failure', () => {
    const problems = correctProblems(model, judge, rng, { fromSeeds: 500, nearEach: 50 });
    // At least half of the draws (500 from the seeds, 50 near each example) are answered correctly.
    expect(problems.size).toBeGreaterThan((500 + 50 * model.bugs.length) / 2);
    for (const p of problems) expect(plantedSlips(p, judge).slips).toEqual([]);
  });

  test('a problem failing by two bugs is no move away from a third', () => {
    const pairs = twoBugProblems(model, judge, byBug, rng, 100);
    expect(pairs.length).toBe(100);
    for (const p of pairs) expect(plantedSlips(p, judge).slips).toEqual([]);
  });
});
