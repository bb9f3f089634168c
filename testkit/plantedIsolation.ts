import { checkCandidate } from '../constraints/checkCandidate.js';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix } from '../src/expr/toInfix.js';
import { hasX } from '../src/expr/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { SHRINK_MOVES } from '../src/shrink/shrinkMoves.js';
import type { Rng } from '../src/util/rng.js';
import { drawProblem, type Outcome } from './plantedFailures.js';
import type { PlantedModel } from './plantedModel.js';

/*
 * The planted bugs are the yardstick of bench:yield only if shrinking a failure of one bug can never
 * slip into another bug's signature. The shrinker (src/shrink) takes one move at a time (delete a
 * term or factor, replace a subtree by a child, by x or by a small constant, or a number by a
 * simpler one, each followed by the candidate check) and keeps a step only when the smaller
 * problem still fails. So it is enough that no single move, anywhere in a failing problem, leads to
 * a problem on which a bug fires that did not fire before: then every step of every shrink stays
 * within the bugs of the problem it started from. tests/examples/plantedIsolation.test.ts checks a
 * sample of problems, `npm run bench:isolation` the whole sets.
 */

/** What one problem's shrink moves led to: how many candidates were judged, and the slips among them. */
export interface Slips {
  readonly moves: number;
  readonly slips: readonly string[];
}

/**
 * Every problem one shrink move away from `problem` (as the shrinker makes them: on the checked,
 * simplified tree; each candidate checked again and holding x) on which a bug fires that did not
 * fire on `problem`, or that gets a wrong answer from no bug at all. No slips when the problem is
 * isolated.
 */
export function plantedSlips(problem: string, judge: (problem: string) => Outcome): Slips {
  const own = judge(problem).bugs;
  const start = checkCandidate(parseExpr(problem));
  if (!start.ok) throw new Error(`${problem}: fails the candidate check`);
  const slips: string[] = [];
  let moves = 0;
  for (const move of SHRINK_MOVES) {
    for (const candidate of move.candidates(start.expr)) {
      const check = checkCandidate(candidate.expr);
      if (!check.ok || !hasX(check.expr)) continue;
      moves++;
      const smaller = toInfix(check.expr);
      const o = judge(smaller);
      // Only bugs of the problem fired: whatever the verdict, no slip (so it is not asked for).
      if (o.bugs.length > 0 && o.bugs.every((b) => own.includes(b))) continue;
      if (o.verdict === 'declined' || o.verdict === 'correct') continue;
      // An answer the verifier cannot refute is no failure (x - x, whose answer 0 it cannot check); a wrong one must come from a bug of the problem.
      const unplanted = o.bugs.length === 0 && o.verdict === 'incorrect';
      if (unplanted || o.bugs.some((b) => !own.includes(b)))
        slips.push(`${move.name}: ${problem} [${own.join(', ')}] → ${smaller} [${o.bugs.join(', ') || 'no bug'}] (${o.verdict}: ${o.answer})`);
    }
  }
  return { moves, slips };
}

/**
 * Problems answered correctly: `fromSeeds` of them drawn as a search draws problems (chains of up to
 * six mutations of the default seeds), then those among `nearEach` draws of one to three mutations
 * of each bug's example. A failing problem carries other terms: if one of them were a move away
 * from a bug, a shrink could add that bug.
 */
export function correctProblems(
  model: PlantedModel,
  judge: (problem: string) => Outcome,
  rng: Rng,
  sizes: { readonly fromSeeds: number; readonly nearEach: number },
): Set<string> {
  const seeds = loadSeeds('default').exprs;
  const problems = new Set<string>();
  while (problems.size < sizes.fromSeeds) {
    const p = drawProblem(rng.pick(seeds), 6, rng);
    if (p !== null && judge(p).verdict === 'correct') problems.add(p);
  }
  for (const bug of model.bugs) {
    const example = checkCandidate(parseExpr(bug.example));
    if (!example.ok) continue;
    for (let i = 0; i < sizes.nearEach; i++) {
      const p = drawProblem(example.expr, 3, rng);
      if (p !== null && judge(p).verdict === 'correct') problems.add(p);
    }
  }
  return problems;
}

/**
 * Up to `count` sums of two failing problems of different bugs (from `byBug`) that fail by both
 * bugs, in at most ten times as many tries.
 */
export function twoBugProblems(
  model: PlantedModel,
  judge: (problem: string) => Outcome,
  byBug: ReadonlyMap<string, readonly string[]>,
  rng: Rng,
  count: number,
): string[] {
  const ids = model.bugs.map((b) => b.id);
  const pairs: string[] = [];
  for (let i = 0; pairs.length < count && i < 10 * count; i++) {
    const [a, b] = [rng.pick(ids), rng.pick(ids)];
    if (a === b) continue;
    const check = checkCandidate(parseExpr(`${rng.pick(byBug.get(a)!)} + ${rng.pick(byBug.get(b)!)}`));
    if (!check.ok) continue;
    const p = toInfix(check.expr);
    if (judge(p).bugs.length === 2 && judge(p).verdict === 'incorrect') pairs.push(p);
  }
  return pairs;
}
