import { describe, expect, it } from 'vitest';
import { checkCandidate } from '../../../constraints/checkCandidate.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { signature } from '../../../src/expr/signature.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { encodeCmdRequest } from '../../../src/targets/cmd/cmdTarget.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { seriesTask } from '../../../src/tasks/series/seriesTask.js';
import type { TaskProblem } from '../../../src/tasks/task.js';
import { createRng } from '../../../src/util/rng.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';

function problem(f: string, point: string, order: number | string): TaskProblem {
  const read = seriesTask.readParams({ point, order });
  if (!read.ok) throw new Error(read.error);
  return { expr: parseExpr(f), params: read.params };
}

describe('the series task', () => {
  it('reads its point and order from a line and writes them back; a bad one is named', () => {
    expect(seriesTask.lineFields(problem('exp(x)', '0', '5').params)).toEqual({ task: 'series', point: '0', order: 5 });
    expect(seriesTask.readParams({ point: 'oo', order: 3 }).ok).toBe(false);
    const order = seriesTask.readParams({ point: '0', order: 41 });
    expect(order.ok ? '' : order.error).toMatch(/^order: a whole number from 0 to 40/);
    expect(seriesTask.readParams({ point: '0', order: '2.5' }).ok).toBe(false);
    expect(seriesTask.readParams({ order: 2 })).toEqual({ ok: false, error: 'point: missing' });
  });

  it('keys a problem with its point and order; signs it with its point, the order erased', () => {
    expect(seriesTask.key(problem('exp(x)', '0', 3))).not.toBe(seriesTask.key(problem('exp(x)', '0', 4)));
    const sig = (p: TaskProblem) => seriesTask.signature(p, signature);
    expect(sig(problem('exp(2*x)', '0', 3))).toBe(sig(problem('exp(5*x)', '1', 4)));
    expect(sig(problem('exp(x)', '0', 3))).not.toBe(sig(problem('exp(x)', 'pi/2', 3)));
  });

  it('mutates the order by one or the point like a constant now and then; refuses a point with no Taylor expansion', () => {
    const rng = createRng('series');
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(JSON.stringify(seriesTask.lineFields(seriesTask.mutate(problem('x', '0', 3), rng, (t) => t, 1).params)));
    const all = [...seen].join(' ');
    expect(all).toContain('"order":2');
    expect(all).toContain('"order":4');
    expect(all).toMatch(/"point":"(1|-1|2|-2|pi\/2|1\/2|pi)"/);
    const check = (p: TaskProblem) => seriesTask.check(p, (e) => checkCandidate(e));
    expect(check(problem('exp(x)', '0', 3)).ok).toBe(true);
    const log = check(problem('log(x)', '0', 3));
    expect(log.ok ? '' : log.reason).toMatch(/log\(x\) has no Taylor expansion at x = 0/);
    expect(check(problem('1/x', '0', 3)).ok).toBe(false);
  });

  it('asks with the task, point and order, and writes Algebrite and Maxima their command', () => {
    const p = problem('sin(x)', '1', 3);
    const line = encodeCmdRequest({ id: 'r', problem: { id: 'r', expr: p.expr, infix: 'sin(x)', latex: '\\sin x', params: p.params }, k: 1, task: seriesTask });
    expect(JSON.parse(line)).toEqual({ id: 'r', task: 'series', problem: 'sin(x)', point: '1', order: 3, latex: '\\sin x', k: 1 });
    expect(seriesTask.casCommand('algebrite', p, toInfix)).toBe('taylor(sin(x),x,3,1)');
    expect(seriesTask.casCommand('maxima', p, toInfix)).toBe('taylor(sin(x), x, 1, 3)');
    expect(seriesTask.prompt(p, 'asymob')).toMatch(
      /Taylor polynomial of \$f\(x\) = \\sin\\left\(x\\right\)\$ at \$x = 1\$, up to and including the term in \$\(x - 1\)\^\{3\}\$/,
    );
  });

  it("reads a model's polynomial with its remainder term dropped, in infix or LaTeX; a CAS's unevaluated series is a decline", () => {
    const read = (text: string) => seriesTask.readAnswer(text, readAnswerText, 'model');
    const infix = read('x - x**3/6 + O(x**5)');
    expect(infix.status === 'ok' && toInfix(infix.expr)).toBe('x - x^3/6');
    const latex = read('The series is \\boxed{x - \\frac{x^{3}}{6} + \\mathcal{O}\\left(x^{5}\\right)}');
    expect(latex.status === 'ok' && toInfix(latex.expr)).toBe('x - x^3/6');
    const dots = read('1 + x + x^2/2 + \\cdots');
    expect(dots.status === 'ok' && toInfix(dots.expr)).toBe('1 + x + x^2/2');
    expect(seriesTask.readAnswer('taylor(f(x),x,0,3)', readAnswerText, 'maxima').status).toBe('no-answer');
  });

  it('verifies coefficient by coefficient; its canaries are right', async () => {
    const verify = seriesTask.verifier(verifyPair);
    expect((await verify(problem('sin(x)', '0', 5), parseExpr('x - x^3/6 + x^5/120'))).verdict).toBe('correct');
    expect((await verify(problem('sin(x)', '0', 5), parseExpr('x - x^3/6 + x^5/100'))).verdict).toBe('incorrect');
    const answers = ['1 + x + x^2/2 + x^3/6', 'x - x^3/6', '1 + x + x^2', '1 - x^2/2 + x^4/24', 'x - x^2/2 + x^3/3', 'x + x^2 + x^3/2'];
    for (const [i, c] of seriesTask.canaries.entries()) expect((await verify(c, parseExpr(answers[i]))).verdict).toBe('correct');
  });
});
