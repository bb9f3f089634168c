import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { definiteTask } from '../../src/tasks/definite/definiteTask.js';
import { instantiateProblem } from '../../src/tasks/instantiateProblem.js';
import { integrateTask } from '../../src/tasks/integrate/integrateTask.js';
import { limitTask } from '../../src/tasks/limit/limitTask.js';
import { odeTask } from '../../src/tasks/ode/odeTask.js';
import { parametricVerifier } from '../../src/tasks/parametricVerifier.js';
import { problemAssumptions } from '../../src/tasks/problemAssumptions.js';
import { problemParameters } from '../../src/tasks/problemParameters.js';
import { readTaskProblem } from '../../src/tasks/readTaskProblem.js';
import { seriesTask } from '../../src/tasks/series/seriesTask.js';
import type { Task, TaskProblem } from '../../src/tasks/task.js';
import type { ParameterAssumptions } from '../../src/verify/parameterAssumptions.js';
import type { VerifyResult } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

/** A line's problem, its parameters admitted, as the verify contract reads it. */
function problem(task: Task, line: Record<string, unknown>): TaskProblem {
  const read = readTaskProblem(task, line);
  if (!read.ok) throw new Error(read.error);
  return read.problem;
}

const answer = (text: string) => parseExpr(text, undefined, { parameters: ['A', 'B', 'C1', 'C2'] });

async function judge(task: Task, line: Record<string, unknown>, text: string, assumptions?: ParameterAssumptions): Promise<VerifyResult> {
  const p = problem(task, line);
  const verify = parametricVerifier(task.verifier(verifyPair), (q) => assumptions ?? problemAssumptions(q));
  return verify(p, answer(text));
}

describe('a problem with parameters, verified over instantiations of them for every task', () => {
  it('finds the parameters of the tree and of the parameters that are trees, and puts numbers in both', () => {
    const ode = problem(odeTask, { problem: "y'' + B*y' + A*y = sin(F*x)", parameters: { A: '', B: '', F: '' } });
    expect(problemParameters(ode)).toEqual(['A', 'B', 'F']);
    expect(problemAssumptions(ode)).toEqual({ A: 'positive', B: 'positive', F: 'positive' });
    expect(problemParameters(problem(integrateTask, { problem: 'x' }))).toEqual([]);
    const bound = problem(definiteTask, { problem: 'exp(-A*x)', lower: '0', upper: 'oo', parameters: { A: 'positive' } });
    expect(problemParameters(bound)).toEqual(['A']);
    const at = instantiateProblem(ode, { A: 2, B: 3, F: 5 });
    expect(odeTask.problemText(at, 'infix')).toBe("y'' + 3*y' + 2*y = sin(5*x)");
  });

  it('integrate: right for every A, or wrong for A ≠ 1 with the value named', async () => {
    const line = { problem: 'A*x', parameters: { A: 'positive' } };
    const right = await judge(integrateTask, line, 'A*x^2/2');
    expect(right.verdict).toBe('correct');
    expect(right.reason).toMatch(/^correct for each of A = [\d.]+; A = [\d.]+; A = [\d.]+; A = [\d.]+: /);
    const blind = await judge(integrateTask, line, 'x^2/2');
    expect(blind.verdict).toBe('incorrect');
    expect(blind.reason).toMatch(/^incorrect for A = [\d.]+: F' differs from f/);
  });

  it('respects the assumptions: sqrt(A^2) is A for a positive A and -A for a negative one', async () => {
    const line = { problem: 'sqrt(A^2)', parameters: { A: 'positive' } };
    expect((await judge(integrateTask, line, 'A*x', { A: 'positive' })).verdict).toBe('correct');
    const negative = await judge(integrateTask, { ...line, parameters: { A: 'negative' } }, 'A*x', { A: 'negative' });
    expect(negative.verdict).toBe('incorrect');
    expect(negative.reason).toMatch(/for A = -/);
    expect((await judge(integrateTask, { ...line, parameters: { A: 'negative' } }, '-A*x', { A: 'negative' })).verdict).toBe('correct');
  });

  it('definite, series, limit and ode: an answer right only for A = 1 is incorrect, the right one correct', async () => {
    const definite = { problem: 'exp(-A*x)', lower: '0', upper: 'oo', parameters: { A: 'positive' } };
    expect((await judge(definiteTask, definite, '1/A')).verdict).toBe('correct');
    expect((await judge(definiteTask, definite, '1')).verdict).toBe('incorrect');
    const series = { problem: 'exp(A*x)', point: '0', order: 2, parameters: { A: 'positive' } };
    expect((await judge(seriesTask, series, '1 + A*x + A^2*x^2/2')).verdict).toBe('correct');
    expect((await judge(seriesTask, series, '1 + x + x^2/2')).reason).toMatch(/^incorrect for A = /);
    const limit = { problem: 'sin(A*x)/x', point: '0', parameters: { A: 'positive' } };
    expect((await judge(limitTask, limit, 'A')).verdict).toBe('correct');
    expect((await judge(limitTask, limit, '1')).verdict).toBe('incorrect');
    const ode = { problem: "y' = A*y", conditions: ['y(0) = 1'], parameters: { A: 'positive' } };
    expect((await judge(odeTask, ode, 'exp(A*x)')).verdict).toBe('correct');
    expect((await judge(odeTask, ode, 'exp(x)')).reason).toMatch(/^incorrect for A = /);
    const general = { problem: "y'' + A^2*y = 0", parameters: { A: 'positive' } };
    expect((await judge(odeTask, general, 'C1*sin(A*x) + C2*cos(A*x)')).verdict).toBe('correct');
  });

  it('a problem without parameters goes to the task verifier as it is, unawaited', () => {
    let calls = 0;
    const result: VerifyResult = { verdict: 'correct', reason: 'stand-in', ms: 0 };
    const verify = parametricVerifier(() => {
      calls++;
      return result;
    }, problemAssumptions);
    const r = verify({ expr: parseExpr('x'), params: {} }, parseExpr('x^2/2'));
    expect(r).toBe(result);
    expect(calls).toBe(1);
  });
});
