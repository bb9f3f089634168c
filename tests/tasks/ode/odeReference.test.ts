import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proveByReference } from '../../../src/judge/proveByReference.js';
import type { Judgement } from '../../../src/judge/judgeTypes.js';
import { createMaximaTarget } from '../../../src/targets/maxima/maximaTarget.js';
import { createSympyTarget } from '../../../src/targets/sympy/sympyTarget.js';
import type { Target, TargetAnswer } from '../../../src/targets/types.js';
import { odeTask } from '../../../src/tasks/ode/odeTask.js';
import { readTaskProblem } from '../../../src/tasks/readTaskProblem.js';
import type { TaskProblem } from '../../../src/tasks/task.js';
import { maximaOrSkip, sympyOrSkip } from '../../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();
const MAXIMA = maximaOrSkip();

/*
 * Maxima's ode2 with ic1, ic2 and bc2 as a target of the ode task (src/tasks/ode/odeCommand.ts), and
 * SymPy's dsolve as the ode task's reference (src/targets/sympy/sympy_worker.py, Debian's Python):
 * its solutions, read as the task reads a CAS's answer, pass sagga's ODE verifier; an equation it
 * solves only implicitly, or not at all, is no answer, never a wrong one; and a model's decline of
 * an equation SymPy solves is proven by SymPy's answer.
 */
function problem(equation: string, conditions: readonly string[] = []): TaskProblem {
  const read = readTaskProblem(odeTask, { problem: equation, conditions });
  if (!read.ok) throw new Error(read.error);
  return read.problem;
}

const asked = (p: TaskProblem, id: string) => ({
  id,
  expr: p.expr,
  infix: odeTask.problemText(p, 'infix'),
  latex: odeTask.problemText(p, 'latex'),
  params: p.params,
});
const verify = odeTask.verifier(() => {
  throw new Error('no antiderivative is asked');
});

describe.runIf(SYMPY)('SymPy as the ode reference', () => {
  let sympy: Target;
  // y' = x^x has no closed form (x^x has no elementary antiderivative), and SymPy leaves its integral
  // unevaluated within a second (on y' - y = x^x, which shows the same, it works for seconds first):
  // both tests that need its answer read the one asking.
  const hard = problem("y' = x^x");
  let hardAnswers: Promise<readonly TargetAnswer[]> | undefined;
  const askHard = (): Promise<readonly TargetAnswer[]> => (hardAnswers ??= sympy.solve([asked(hard, 'implicit')], 1).then(([o]) => o.answers));
  beforeAll(async () => {
    sympy = await createSympyTarget({ task: odeTask, timeoutMs: 60_000, processes: 1 });
  }, 120_000);
  afterAll(async () => {
    await sympy?.close();
  });

  it('solves general solutions and initial value problems of order 1 and 2, and each answer passes the verifier', async () => {
    const problems = [
      problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"]),
      problem("y'' + 4*y = sin(3*x)"),
      problem("y' = x*y + x"),
      problem("x*y' + y = x^2", ['y(1) = 2']),
      problem("y'' - 3*y' + 2*y = exp(3*x)"),
    ];
    const outcomes = await sympy.solve(
      problems.map((p, i) => asked(p, `p${i}`)),
      1,
    );
    for (const [i, p] of problems.entries()) {
      const answer = outcomes[i].answers[0];
      expect(answer.status, `${odeTask.statement(p, 'infix')}: ${answer.text} ${answer.status === 'ok' ? '' : answer.error}`).toBe('ok');
      if (answer.status !== 'ok') continue;
      const r = await verify(p, answer.expr);
      expect(r.verdict, `${odeTask.statement(p, 'infix')}: y = ${answer.text}: ${r.reason}`).toBe('correct');
    }
  }, 300_000);

  it('an implicit or unevaluated solution is no answer', async () => {
    const [answer] = await askHard();
    expect(answer.status).toBe('no-answer');
  }, 120_000);

  it("proves a model's decline with its solution, and leaves unproven a decline it cannot solve either", async () => {
    const declined: Judgement = { status: 'fail', kind: 'no-answer', reason: 'declined', answers: [], proof: null };
    const ask = (p: TaskProblem) => async (): Promise<readonly TargetAnswer[]> => (await sympy.solve([asked(p, 'ref')], 1))[0].answers;
    const solvable = problem("y'' + 2*y' + y = x", ['y(0) = 0', "y'(0) = 1"]);
    const proven = await proveByReference(solvable, declined, [{ name: 'sympy', ask: ask(solvable) }], verify);
    expect(proven.judgement.status === 'fail' && proven.judgement.proof).toMatchObject({ by: 'reference', reference: 'sympy' });
    const unproven = await proveByReference(hard, declined, [{ name: 'sympy', ask: askHard }], verify);
    expect(unproven.judgement.status === 'fail' && unproven.judgement.proof).toBeNull();
  }, 300_000);
});

describe.runIf(MAXIMA)('Maxima on ODEs', () => {
  let maxima: Target;
  beforeAll(async () => {
    maxima = await createMaximaTarget({ task: odeTask, processes: 1 });
  }, 120_000);
  afterAll(async () => {
    await maxima?.close();
  });

  it('solves with ode2, ic1, ic2 and bc2, its constants %c, %k1, %k2 read as C1, C2, and each answer passes the verifier', async () => {
    const problems = [
      problem("y'' + 4*y = sin(3*x)"),
      problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"]),
      problem("y'' + 4*y = sin(3*x)", ['y(0) = 0', 'y(1) = 1']),
      problem("y' - y = x"),
      problem("y' - y = x", ['y(0) = 0']),
      problem("x*y' + y = x^2"),
    ];
    const outcomes = await maxima.solve(
      problems.map((p, i) => asked(p, `m${i}`)),
      1,
    );
    for (const [i, p] of problems.entries()) {
      const answer = outcomes[i].answers[0];
      expect(answer.status, `${odeTask.statement(p, 'infix')}: ${answer.text}`).toBe('ok');
      if (answer.status !== 'ok') continue;
      const r = await verify(p, answer.expr);
      expect(r.verdict, `${odeTask.statement(p, 'infix')}: ${answer.text}: ${r.reason}`).toBe('correct');
    }
  }, 300_000);

  it('no method (ode2 says false) or an unevaluated integral is no answer; conditions it has no command for are not asked', async () => {
    const [none, integral, partial] = await maxima.solve(
      [asked(problem("y'' + x*y = 0"), 'none'), asked(problem("y' - y = x^x"), 'integral'), asked(problem("y'' + y = 0", ['y(0) = 1']), 'partial')],
      1,
    );
    expect(none.answers[0]).toMatchObject({ status: 'no-answer', error: expect.stringMatching(/ode2 found no solution/) });
    expect(integral.answers[0].status).toBe('no-answer');
    expect(partial.answers[0]).toMatchObject({ status: 'unjudged', error: expect.stringMatching(/^not asked: /) });
  }, 120_000);
});
