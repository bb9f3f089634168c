import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { checkCanaries } from '../../src/targets/checkCanaries.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { createJudge } from '../../testkit/plantedFailures.js';
import { loadPlantedModel } from '../../testkit/plantedModel.js';
import { listBugs, useProgram, type Judged } from './askProgram.js';
import { oneDeletions } from './oneDeletions.js';
import { randomMutants } from './randomMutants.js';

// planted-deep-bugs.mjs, spoken to through sagga's own cmd: target (its answers judged by sagga's
// verifier), and in-process beside planted-bugs.mjs: it answers as that model does, except on the
// shapes of the bugs it leaves out (answered right or declined) and of its own three.

const PROGRAM = fileURLToPath(new URL('../../examples/cmd-target/planted-deep-bugs.mjs', import.meta.url));

const bugs = listBugs(PROGRAM);
const program = useProgram([process.execPath, PROGRAM]);
const ask = (problems: readonly string[]): Promise<Judged[]> => program().ask(problems);

describe('planted-deep-bugs.mjs', () => {
  test('--list-bugs: twelve bugs, each with its own id and one signature no other bug has, that of its example', () => {
    expect(bugs).toHaveLength(12);
    expect(new Set(bugs.map((b) => b.id)).size).toBe(12);
    expect(new Set(bugs.flatMap((b) => b.signatures)).size).toBe(12);
    for (const bug of bugs) expect(bug.signatures, bug.id).toEqual([signature(parseExpr(bug.example))]);
  });

  test('answers each example wrongly, each differently, and every deletion of one term or factor from it correctly or not at all', async () => {
    const judged = await ask(bugs.map((b) => b.example));
    for (const [i, j] of judged.entries()) expect(j.verdict, `${bugs[i].id}: ${j.problem} → ${j.text}`).toBe('incorrect');
    expect(new Set(judged.map((j) => j.text)).size).toBe(bugs.length);
    let probed = 0;
    for (const bug of bugs) {
      const smaller = oneDeletions(bug.example);
      probed += smaller.length;
      for (const j of await ask(smaller)) expect(['correct', 'declined'], `${bug.id}: ${j.problem} → ${j.text}`).toContain(j.verdict);
    }
    expect(probed).toBeGreaterThanOrEqual(15);
  });

  test('its own bugs fire with other numbers and beside other terms', async () => {
    const variants = ['(x - 3)^4/(x + 5)^2 + x', '-3*(x + 7)^3*5^x', '7^x/(x - 2)^6 - 1'];
    for (const j of await ask(variants)) expect(j.verdict, `${j.problem} → ${j.text}`).toBe('incorrect');
  });

  test('passes the start-up check (the six canary problems answered correctly)', async () => {
    const check = await checkCanaries(program().target, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
    expect(check.correct).toBe(6);
  });
});

describe('beside planted-bugs.mjs', () => {
  test('on random mutants, answers as it does, except on the shapes of the bugs it does not plant (answered right or declined) and of its own three', async () => {
    const [planted, deep] = await Promise.all([loadPlantedModel('planted'), loadPlantedModel('planted-deep')]);
    const own = new Set(['binomial-power-quotient', 'binomial-power-times-exponential', 'exponential-over-binomial-power']);
    const kept = new Set(deep.bugs.map((b) => b.id));
    const judgeDeep = createJudge(deep);
    let same = 0;
    let unplanted = 0;
    let wrong = 0;
    for (const problem of randomMutants(1000, 'planted-deep-test')) {
      const [a, b] = [planted.answer(problem), deep.answer(problem)];
      if (b.bugs.some((id) => own.has(id))) continue;
      if (JSON.stringify(b) === JSON.stringify(a)) {
        same++;
        if (judgeDeep(problem).verdict === 'incorrect') wrong++;
        continue;
      }
      // Otherwise planted-bugs.mjs fired a bug this model does not plant, or declined a shape of one
      // inside another expression: this model fires only the kept bugs that it fired, and without
      // them answers right or declines.
      expect(a.answers.length === 0 || a.bugs.some((id) => !kept.has(id)), problem).toBe(true);
      expect(
        b.bugs.every((id) => a.bugs.includes(id)),
        problem,
      ).toBe(true);
      if (b.bugs.length === 0) expect(['correct', 'declined'], problem).toContain(judgeDeep(problem).verdict);
      unplanted++;
    }
    // Most are answered the same way, some wrongly (its nine kept bugs), some where planted-bugs.mjs has a bug of the ten left out.
    expect(same).toBeGreaterThan(750);
    expect(wrong).toBeGreaterThan(0);
    expect(unplanted).toBeGreaterThan(0);
  });
});
