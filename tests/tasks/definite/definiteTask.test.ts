import { describe, expect, it } from 'vitest';
import { checkCandidate } from '../../../constraints/checkCandidate.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { signature } from '../../../src/expr/signature.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { encodeCmdRequest } from '../../../src/targets/cmd/cmdTarget.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { definiteTask } from '../../../src/tasks/definite/definiteTask.js';
import type { TaskProblem } from '../../../src/tasks/task.js';
import { createRng } from '../../../src/util/rng.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';

function problem(f: string, lower: string, upper: string): TaskProblem {
  const read = definiteTask.readParams({ lower, upper });
  if (!read.ok) throw new Error(read.error);
  return { expr: parseExpr(f), params: read.params };
}

describe('the definite task', () => {
  it('reads its bounds from a line (numbers, constants, infinities) and writes them back; a bad one is named', () => {
    const p = problem('x*exp(-x)', '0', 'oo');
    expect(definiteTask.lineFields(p.params)).toEqual({ task: 'definite', lower: '0', upper: 'oo' });
    expect(definiteTask.lineFields(problem('1', '-inf', 'pi/2').params)).toEqual({ task: 'definite', lower: '-oo', upper: 'pi/2' });
    expect(definiteTask.readParams({ lower: 0, upper: 1 }).ok).toBe(true);
    expect(definiteTask.readParams({ lower: '0' })).toEqual({ ok: false, error: 'upper: missing' });
    const bad = definiteTask.readParams({ lower: 'x', upper: '1' });
    expect(bad.ok ? '' : bad.error).toMatch(/^lower: .*x/);
    expect(definiteTask.readParams({ lower: '0', upper: 'oo + 1' }).ok).toBe(false);
  });

  it('keys and signs a problem with its bounds: numbers are erased, the infinities and pi are not', () => {
    const sig = (p: TaskProblem) => definiteTask.signature(p, signature);
    expect(definiteTask.key(problem('x + 1', '0', '1'))).toBe(definiteTask.key(problem('1 + x', '0', '1')));
    expect(definiteTask.key(problem('x', '0', '1'))).not.toBe(definiteTask.key(problem('x', '0', '2')));
    expect(sig(problem('3*x', '0', '1'))).toBe(sig(problem('5*x', '0', '2')));
    expect(sig(problem('x', '0', 'oo'))).not.toBe(sig(problem('x', '0', '1')));
    expect(sig(problem('x', '-oo', 'oo'))).not.toBe(sig(problem('x', '0', 'oo')));
    expect(sig(problem('x', '0', 'pi/2'))).not.toBe(sig(problem('x', '0', '1')));
  });

  it('mutates the bounds now and then, like constants, and the integrand otherwise', () => {
    const rng = createRng('bounds');
    const start = problem('x', '0', '1');
    let boundsChanged = 0;
    let treeChanged = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const child = definiteTask.mutate(start, rng, () => parseExpr('x^2'), 1);
      if (toInfix(child.expr) !== 'x') treeChanged++;
      else {
        boundsChanged++;
        seen.add(JSON.stringify(definiteTask.lineFields(child.params)));
      }
    }
    expect(boundsChanged).toBeGreaterThan(20);
    expect(treeChanged).toBeGreaterThan(boundsChanged);
    const bounds = [...seen].join(' ');
    for (const b of ['"oo"', '"-oo"', '"pi/2"']) expect(bounds).toContain(b);
  });

  it('refuses a candidate that does not converge on its interval, saying why', () => {
    const check = (p: TaskProblem) => definiteTask.check(p, (e) => checkCandidate(e));
    expect(check(problem('x*exp(-x)', '0', 'oo')).ok).toBe(true);
    const pole = check(problem('1/x', '0', '1'));
    expect(pole.ok ? '' : pole.reason).toMatch(/1\/x is not finite at x = 0 in \[0, 1\]/);
    expect(check(problem('x', '0', 'oo')).ok).toBe(false);
    expect(check(problem('x', '1', '1')).ok).toBe(false);
  });

  it('asks a cmd: program with the task and its bounds, and words its prompts with them', () => {
    const p = problem('x*exp(x)', '0', '1');
    const line = encodeCmdRequest({
      id: 'r1',
      problem: { id: 'r1', expr: p.expr, infix: 'x*exp(x)', latex: 'x e^{x}', params: p.params },
      k: 1,
      task: definiteTask,
    });
    expect(JSON.parse(line)).toEqual({ id: 'r1', task: 'definite', problem: 'x*exp(x)', lower: '0', upper: '1', latex: 'x e^{x}', k: 1 });
    expect(definiteTask.prompt(p, 'antiderivbench')).toContain('\\int_{0}^{1} x e^{x}\\,dx');
    expect(definiteTask.prompt(p, 'integralbench')).toMatch(/Numerical answer:/);
  });

  it('writes each CAS its command, with the CAS spelling of infinity', () => {
    const p = problem('exp(-x)', '-oo', 'oo');
    const print = (e: ReturnType<typeof parseExpr>) => toInfix(e);
    expect(definiteTask.casCommand('nerdamer', p, print)).toBe('defint(exp(-x), -Infinity, Infinity, x)');
    expect(definiteTask.casCommand('algebrite', p, print)).toBe('defint(exp(-x),x,-infinity,infinity)');
    expect(definiteTask.casCommand('maxima', p, print)).toBe('integrate(exp(-x), x, minf, inf)');
    expect(definiteTask.casCommand('sympy', p, print)).toBeUndefined();
  });

  it('reads an IntegralBench reply: the symbolic answer is judged, a numerical one that disagrees with it is noted', () => {
    const read = (text: string) => definiteTask.readAnswer(text, readAnswerText, 'model');
    const agree = read('So the value is pi/4.\nSymbolic answer: \\boxed{\\frac{\\pi}{4}}\nNumerical answer: 0.7853981634');
    expect(agree.status === 'ok' && toInfix(agree.expr)).toBe('pi/4');
    expect(agree.status === 'ok' && agree.note).toBeUndefined();
    const disagree = read('Symbolic answer: \\boxed{\\frac{\\pi}{4}}\nNumerical answer: 0.80');
    expect(disagree.status === 'ok' && disagree.note).toMatch(/disagree by 0\.0146/);
    const numericOnly = read('I could not find a closed form.\nNumerical answer: 0.7853981634');
    expect(numericOnly.status === 'ok' && toInfix(numericOnly.expr)).toBe('0.7853981634');
    expect(definiteTask.readAnswer('defint(cos(x),0,(1/2)*pi,x)', readAnswerText, 'nerdamer').status).toBe('no-answer');
  });

  it('verifies a decimal within 1e-6 and a closed form to 12 digits; its canaries are right', async () => {
    const verify = definiteTask.verifier(verifyPair);
    const p = problem('x*exp(x)', '0', '1');
    expect((await verify(p, parseExpr('1'))).verdict).toBe('correct');
    expect((await verify(p, parseExpr('1.0000004'))).verdict).toBe('correct');
    expect((await verify(p, parseExpr('1.00001'))).verdict).toBe('incorrect');
    expect((await verify(problem('1/(1 + x^2)', '0', '1'), parseExpr('355/452'))).verdict).toBe('incorrect');
    const answers = ['1', '1/2', '14/3', 'e - 1', '1', 'log(2)'];
    for (const [i, c] of definiteTask.canaries.entries()) expect((await verify(c, parseExpr(answers[i]))).verdict).toBe('correct');
  });
});
