import { describe, expect, test } from 'vitest';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { hasX } from '../../src/expr/types.js';
import { loadSeeds } from '../../src/seeds/loadSeeds.js';
import { SHRINK_MOVES } from '../../src/shrink/shrinkMoves.js';
import { createRng } from '../../src/util/rng.js';
import { createJudge, drawProblem, failingProblemsByBug } from './plantedFailures.js';
import { loadPlantedModel } from './plantedModel.js';

/*
 * The planted bugs are the yardstick of bench:yield only if shrinking a failure of one bug can never
 * slip into another bug's signature. The shrinker (src/shrink) takes one move at a time (delete a
 * term or factor, replace a subtree by a child, by x or by a small constant, or a number by a
 * simpler one, each followed by the candidate check) and keeps a step only when the smaller
 * problem still fails. So it is enough that no single move, anywhere in a failing problem, leads to
 * a problem on which a bug fires that did not fire before: then every step of every shrink stays
 * within the bugs of the problem it started from.
 *
 * The model runs in-process (the same code the program serves), so that it can say which bug fired
 * on each of the tens of thousands of problems asked here; sagga's verifier judges every answer.
 */

const model = await loadPlantedModel();
const judge = createJudge(model);
const rng = createRng('planted-isolation');
const seeds = loadSeeds('default').exprs;

/** Random failing problems of each bug, besides its example. */
const PER_BUG = 200;

/**
 * Every problem one shrink move away from `problem` (as the shrinker makes them: on the checked,
 * simplified tree; each candidate checked again and holding x) on which a bug fires that did not
 * fire on `problem`, or that gets a wrong answer from no bug at all. Empty when the problem is
 * isolated.
 */
function slips(problem: string): string[] {
  const own = judge(problem).bugs;
  const start = checkCandidate(parseExpr(problem));
  if (!start.ok) throw new Error(`${problem}: fails the candidate check`);
  const out: string[] = [];
  for (const move of SHRINK_MOVES) {
    for (const candidate of move.candidates(start.expr)) {
      const check = checkCandidate(candidate.expr);
      if (!check.ok || !hasX(check.expr)) continue;
      const smaller = toInfix(check.expr);
      const o = judge(smaller);
      // Only bugs of the problem fired: whatever the verdict, no slip (so it is not asked for).
      if (o.bugs.length > 0 && o.bugs.every((b) => own.includes(b))) continue;
      if (o.verdict === 'declined' || o.verdict === 'correct') continue;
      // An answer the verifier cannot refute is no failure (x - x, whose answer 0 it cannot check); a wrong one must come from a bug of the problem.
      const unplanted = o.bugs.length === 0 && o.verdict === 'incorrect';
      if (unplanted || o.bugs.some((b) => !own.includes(b)))
        out.push(`${move.name}: ${problem} [${own.join(', ')}] → ${smaller} [${o.bugs.join(', ') || 'no bug'}] (${o.verdict}: ${o.answer})`);
    }
  }
  return out;
}

const byBug = failingProblemsByBug(model, judge, rng, PER_BUG, 20_000);

describe('no single shrink move leads from one planted bug to another', () => {
  test.each(model.bugs.map((b) => [b.id]))('%s: its example and 200 random failing problems', (id) => {
    const problems = byBug.get(id)!;
    expect(problems.length, `failing problems found for ${id}`).toBeGreaterThan(PER_BUG);
    let moves = 0;
    for (const p of problems) {
      expect(judge(p), p).toMatchObject({ verdict: 'incorrect', bugs: [id] });
      expect(slips(p)).toEqual([]);
      moves++;
    }
    expect(moves).toBeGreaterThan(PER_BUG);
  });

  test('a problem answered correctly is no move away from a failure', () => {
    // A failing problem carries other terms: if one of them were a move away from a bug, a shrink could add that bug.
    const problems = new Set<string>();
    while (problems.size < 2000) {
      const p = drawProblem(rng.pick(seeds), 6, rng);
      if (p !== null && judge(p).verdict === 'correct') problems.add(p);
    }
    for (const bug of model.bugs) {
      const example = checkCandidate(parseExpr(bug.example));
      if (!example.ok) continue;
      for (let i = 0; i < 200; i++) {
        const p = drawProblem(example.expr, 3, rng);
        if (p !== null && judge(p).verdict === 'correct') problems.add(p);
      }
    }
    expect(problems.size).toBeGreaterThan(3000);
    for (const p of problems) expect(slips(p)).toEqual([]);
  });

  test('a problem failing by two bugs is no move away from a third', () => {
    const ids = model.bugs.map((b) => b.id);
    const pairs: string[] = [];
    for (let i = 0; pairs.length < 300 && i < 3000; i++) {
      const [a, b] = [rng.pick(ids), rng.pick(ids)];
      if (a === b) continue;
      const check = checkCandidate(parseExpr(`${rng.pick(byBug.get(a)!)} + ${rng.pick(byBug.get(b)!)}`));
      if (!check.ok) continue;
      const p = toInfix(check.expr);
      if (judge(p).bugs.length === 2 && judge(p).verdict === 'incorrect') pairs.push(p);
    }
    expect(pairs.length).toBe(300);
    for (const p of pairs) expect(slips(p)).toEqual([]);
  });
});
