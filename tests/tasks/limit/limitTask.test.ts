import { describe, expect, it } from 'vitest';
import { checkCandidate } from '../../../constraints/checkCandidate.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { signature } from '../../../src/expr/signature.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { encodeCmdRequest } from '../../../src/targets/cmd/cmdTarget.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { readSympyAnswer } from '../../../src/targets/sympy/readSympyAnswer.js';
import { fromMaxima } from '../../../src/targets/maxima/fromMaxima.js';
import { limitTask } from '../../../src/tasks/limit/limitTask.js';
import type { TaskProblem } from '../../../src/tasks/task.js';
import { TaskUnsupported } from '../../../src/tasks/taskUnsupported.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';

function problem(f: string, point: string, direction?: string): TaskProblem {
  const read = limitTask.readParams(direction === undefined ? { point } : { point, direction });
  if (!read.ok) throw new Error(read.error);
  return { expr: parseExpr(f), params: read.params };
}

describe('the limit task', () => {
  it('reads its point and direction (the only one there is at an infinity) and writes them back', () => {
    expect(limitTask.lineFields(problem('sin(x)/x', '0').params)).toEqual({ task: 'limit', point: '0', direction: '+-' });
    expect(limitTask.lineFields(problem('1/x', 'oo').params)).toEqual({ task: 'limit', point: 'oo', direction: '-' });
    expect(limitTask.lineFields(problem('exp(x)', '-oo').params)).toEqual({ task: 'limit', point: '-oo', direction: '+' });
    const wrongSide = limitTask.readParams({ point: 'oo', direction: '+' });
    expect(wrongSide.ok ? '' : wrongSide.error).toBe('direction: at oo the only direction is -');
    expect(limitTask.readParams({ point: '0', direction: 'left' }).ok).toBe(false);
  });

  it('keys and signs a problem with its point (numbers erased, infinities kept) and side', () => {
    const sig = (p: TaskProblem) => limitTask.signature(p, signature);
    expect(sig(problem('1/x', '0', '+'))).not.toBe(sig(problem('1/x', '0', '-')));
    expect(sig(problem('2/x', '1'))).toBe(sig(problem('3/x', '5')));
    expect(sig(problem('1/x', 'oo'))).not.toBe(sig(problem('1/x', '1')));
    expect(limitTask.key(problem('x + 1', '2'))).toBe(limitTask.key(problem('1 + x', '2')));
  });

  it('refuses a function that is not real near its point on the side asked', () => {
    const check = (p: TaskProblem) => limitTask.check(p, (e) => checkCandidate(e));
    expect(check(problem('sqrt(x)', '0', '+')).ok).toBe(true);
    const left = check(problem('sqrt(x)', '0', '-'));
    expect(left.ok ? '' : left.reason).toMatch(/sqrt\(x\) as x → 0-: f has no real value near the point/);
    expect(check(problem('sqrt(x)', '-1')).ok).toBe(false);
    expect(check(problem('log(x)', '-oo')).ok).toBe(false);
  });

  it('asks with the task, point and direction; nerdamer is not asked a one-sided limit', () => {
    const p = problem('1/x', '0', '+');
    const line = encodeCmdRequest({
      id: 'r',
      problem: { id: 'r', expr: p.expr, infix: '1/x', latex: '\\frac{1}{x}', params: p.params },
      k: 1,
      task: limitTask,
    });
    expect(JSON.parse(line)).toEqual({ id: 'r', task: 'limit', problem: '1/x', point: '0', direction: '+', latex: '\\frac{1}{x}', k: 1 });
    expect(limitTask.casCommand('maxima', p, toInfix)).toBe('limit(1/x, x, 0, plus)');
    expect(limitTask.casCommand('maxima', problem('1/x', '-oo'), toInfix)).toBe('limit(1/x, x, minf)');
    expect(limitTask.casCommand('nerdamer', problem('1/x', 'oo'), toInfix)).toBe('limit(1/x, x, Infinity)');
    expect(() => limitTask.casCommand('nerdamer', p, toInfix)).toThrow(TaskUnsupported);
  });

  it("reads values, infinities and DNE from a model's text and from each CAS's words", () => {
    const model = (text: string) => {
      const r = limitTask.readAnswer(text, readAnswerText, 'model');
      return r.status === 'ok' ? toInfix(r.expr) : r.status;
    };
    expect(model('DNE')).toBe('DNE');
    expect(model('The limit does not exist.')).toBe('DNE');
    expect(model('So \\boxed{\\text{DNE}}')).toBe('DNE');
    expect(model('The final answer is: does not exist')).toBe('DNE');
    expect(model('\\boxed{-\\infty}')).toBe('-oo');
    expect(model('oo')).toBe('oo');
    expect(model('\\boxed{\\frac{1}{2}}')).toBe('1/2');
    const cas = (text: string, source: 'maxima' | 'sympy') => {
      const r = limitTask.readAnswer(text, source === 'maxima' ? fromMaxima : readSympyAnswer, source);
      return r.status === 'ok' ? toInfix(r.expr) : r.status;
    };
    expect([cas('minf', 'maxima'), cas('ind', 'maxima'), cas('infinity', 'maxima'), cas('limit(sin(1/x),x,0)', 'maxima')]).toEqual([
      '-oo',
      'DNE',
      'DNE',
      'no-answer',
    ]);
    expect([cas('-oo', 'sympy'), cas('zoo', 'sympy'), cas('AccumBounds(-1, 1)', 'sympy'), cas('pi/2', 'sympy')]).toEqual(['-oo', 'DNE', 'DNE', 'pi/2']);
  });

  it('verifies values, infinities and DNE; its canaries are right', async () => {
    const verify = limitTask.verifier(verifyPair);
    expect((await verify(problem('sin(1/x)', '0', '+'), parseExpr('DNE', undefined, { noLimit: true }))).verdict).toBe('correct');
    expect((await verify(problem('1/x', '0', '+'), parseExpr('-oo', undefined, { infinity: true }))).verdict).toBe('incorrect');
    expect((await verify(problem('(1 + 1/x)^x', 'oo'), parseExpr('e'))).verdict).toBe('correct');
    const answers = ['1', '4', '2', '0', '0', '0'];
    for (const [i, c] of limitTask.canaries.entries()) expect((await verify(c, parseExpr(answers[i]))).verdict).toBe('correct');
  });
});
