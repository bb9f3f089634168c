import { describe, expect, it } from 'vitest';
import { checkCandidate } from '../../../constraints/checkCandidate.js';
import { canonicalKey } from '../../../src/expr/canonicalKey.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { signature } from '../../../src/expr/signature.js';
import { encodeCmdRequest } from '../../../src/targets/cmd/cmdTarget.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { odeParts } from '../../../src/tasks/ode/odeParams.js';
import { odeTask } from '../../../src/tasks/ode/odeTask.js';
import { readInfixTree } from '../../../src/tasks/readInfixTree.js';
import { readTaskProblem } from '../../../src/tasks/readTaskProblem.js';
import type { TaskProblem } from '../../../src/tasks/task.js';
import { createRng } from '../../../src/util/rng.js';

function problem(equation: string, conditions: readonly string[] = []): TaskProblem {
  const read = readTaskProblem(odeTask, { task: 'ode', problem: equation, conditions });
  if (!read.ok) throw new Error(read.error);
  return read.problem;
}

const key = (tree: string) => canonicalKey(parseExpr(tree));
const check = (p: TaskProblem) => odeTask.check(p, (e) => checkCandidate(e));
const reason = (p: TaskProblem) => {
  const c = check(p);
  return c.ok ? 'ok' : c.reason;
};

describe('the ode task', () => {
  it('reads an equation into its right-hand side (the tree) and its coefficients, and writes it back whole', () => {
    const p = problem("y' = x*y + exp(x)", ['y(0) = 1']);
    expect(canonicalKey(p.expr)).toBe(key('exp(x)'));
    const { ode, conditions } = odeParts(p);
    expect(ode.order).toBe(1);
    expect(ode.coefficients.map(canonicalKey)).toEqual([key('-x'), key('1'), key('0')]);
    expect(conditions.map((c) => [c.order, canonicalKey(c.at), canonicalKey(c.value)])).toEqual([[0, key('0'), key('1')]]);
    // The text lines hold reads back to the same problem.
    const text = odeTask.problemText(p, 'infix');
    expect(text).toContain('=');
    const back = readTaskProblem(odeTask, { problem: text, ...odeTask.lineFields(p.params) });
    expect(back.ok && odeTask.key(back.problem)).toBe(odeTask.key(p));
    expect(odeTask.lineFields(p.params)).toEqual({ task: 'ode', conditions: ['y(0) = 1'] });
    expect(odeTask.lineFields(problem("y'' + y = 0").params)).toEqual({ task: 'ode', conditions: [] });
    expect(odeTask.problemText(problem("y'' + 4*y = sin(3*x)"), 'latex')).toMatch(/^y'' \+ 4 y = \\sin/);
  });

  it('refuses what is not a linear ODE of order 1 or 2, and a condition it cannot read, saying why', () => {
    const read = (text: string) => odeTask.readProblem(text, readInfixTree);
    expect(read("y*y' = x")).toMatchObject({ ok: false, error: expect.stringMatching(/not linear in y/) });
    expect(read('y = x')).toMatchObject({ ok: false, error: expect.stringMatching(/not a differential equation/) });
    expect(read("y' = x = 1").ok).toBe(false);
    expect(read("y' = __import__('os')").ok).toBe(false);
    expect(read("y' = " + 'x + '.repeat(50_000) + 'x')).toMatchObject({ ok: false });
    expect(odeTask.readParams({ conditions: 'y(0)=1' })).toMatchObject({ ok: false, error: expect.stringMatching(/^conditions: a list/) });
    expect(odeTask.readParams({ conditions: ['y(0)=1', 'z(0)=1'] })).toMatchObject({ ok: false, error: expect.stringMatching(/^conditions: condition 2: /) });
    expect(odeTask.readParams({ conditions: ['y(x)=1'] })).toMatchObject({ ok: false, error: expect.stringMatching(/cannot depend on x/) });
    expect(odeTask.readParams({})).toEqual({ ok: true, params: {} });
  });

  it('keys every coefficient and condition; signs the shape with numbers erased, the order and the conditions kept', () => {
    expect(odeTask.key(problem("y'' + 4*y = sin(3*x)"))).not.toBe(odeTask.key(problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"])));
    expect(odeTask.key(problem("y'' + 4*y = sin(3*x)"))).not.toBe(odeTask.key(problem("y'' + 5*y = sin(3*x)")));
    expect(odeTask.key(problem("y'' + 4*y = sin(3*x)"))).toBe(odeTask.key(problem("4*y + y'' - sin(3*x) = 0")));
    const sig = (p: TaskProblem) => odeTask.signature(p, signature);
    expect(sig(problem("y'' + 4*y = sin(3*x)", ['y(0) = 1']))).toBe(sig(problem("y'' + 9*y = sin(5*x)", ['y(0) = 2'])));
    expect(sig(problem("y'' + 4*y = sin(3*x)"))).not.toBe(sig(problem("y' + 4*y = sin(3*x)")));
    expect(sig(problem("y'' + 4*y = sin(3*x)"))).not.toBe(sig(problem("y'' + 4*y' = sin(3*x)")));
    expect(sig(problem("y'' + 4*y = sin(3*x)"))).not.toBe(sig(problem("y'' + 4*y = sin(3*x)", ['y(0) = 1'])));
    expect(sig(problem("y'' + 4*y = 0"))).not.toBe(sig(problem("y'' + 4*y = 1")));
  });

  it('poses only fair problems: conditions that fit the order, at a regular point, an equation defined at enough points', () => {
    expect(reason(problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"]))).toBe('ok');
    expect(reason(problem("y' = y", ['y(0) = 1', 'y(1) = 2']))).toMatch(/2 conditions for an equation of order 1/);
    expect(reason(problem("y' = y", ["y'(0) = 1"]))).toMatch(/not a condition of an equation of order 1/);
    expect(reason(problem("x*y' = y", ['y(0) = 1']))).toMatch(/singular point/);
    expect(reason(problem("x*y' = y", ['y(1) = 1']))).toBe('ok');
    expect(reason(problem("y' = log(x)", ['y(-1) = 1']))).toMatch(/not defined at the point/);
    expect(reason(problem("y' = sqrt(-1 - x^2)"))).toMatch(/not finite|not defined|defined at \d+ sample points/);
    // The tree check applies to the right-hand side and to every coefficient.
    expect(reason(problem("y' + 10^400*y = x"))).not.toBe('ok');
  });

  it('mutates the right-hand side, a coefficient below the leading one, or the conditions; never the leading coefficient', () => {
    const rng = createRng('ode-mutations');
    const parent = problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"]);
    const marked = parseExpr('7777');
    let rhs = 0;
    let coefficient = 0;
    let general = 0;
    let values = 0;
    for (let i = 0; i < 400; i++) {
      const child = odeTask.mutate(parent, rng, () => marked, 1);
      const { ode, conditions } = odeParts(child);
      expect(canonicalKey(ode.coefficients[2])).toBe(key('1'));
      if (canonicalKey(child.expr) === key('7777')) rhs++;
      if (ode.coefficients.slice(0, 2).some((c) => canonicalKey(c) === key('7777'))) coefficient++;
      if (conditions.length === 0) general++;
      else if (
        odeTask.key(child) !== odeTask.key(parent) &&
        canonicalKey(child.expr) !== key('7777') &&
        !ode.coefficients.some((c) => canonicalKey(c) === key('7777'))
      )
        values++;
    }
    expect(rhs).toBeGreaterThan(200);
    expect(coefficient).toBeGreaterThan(30);
    expect(general).toBeGreaterThan(5);
    expect(values).toBeGreaterThan(5);
    // A general solution becomes an initial value problem with as many conditions as the order.
    const ivp = [...Array(200)].map(() => odeParts(odeTask.mutate(problem("y'' + y = x"), rng, (t) => t, 1)).conditions.length);
    expect(ivp).toContain(2);
    expect(ivp).not.toContain(1);
    // The same generator draws the same children.
    const draw = (seed: string) => [...Array(20)].map((_, i, a) => odeTask.key(odeTask.mutate(parent, createRng(`${seed}-${i}-${a.length}`), (t) => t, 1)));
    expect(draw('same')).toEqual(draw('same'));
  });

  it('asks with the whole equation and its conditions, and words its prompts with the conditions or the constants to use', () => {
    const ivp = problem("y'' + 4*y = sin(3*x)", ['y(0) = 1', "y'(0) = 0"]);
    const request = encodeCmdRequest({
      id: 'r',
      problem: { id: 'r', expr: ivp.expr, infix: odeTask.problemText(ivp, 'infix'), latex: 'L', params: ivp.params },
      k: 1,
      task: odeTask,
    });
    expect(JSON.parse(request)).toEqual({ id: 'r', task: 'ode', problem: "y'' + 4*y = sin(3*x)", conditions: ['y(0) = 1', "y'(0) = 0"], latex: 'L', k: 1 });
    const asymob = odeTask.prompt(ivp, 'asymob');
    expect(asymob).toContain("$y(0) = 1$ and $y'(0) = 0$");
    expect(asymob).toContain('The final answer is: <answer>');
    expect(asymob).not.toContain('C_1');
    const general = odeTask.prompt(problem("y'' + 4*y = sin(3*x)"), 'antiderivbench');
    expect(general).toContain('general solution');
    expect(general).toContain('$C_1$ and $C_2$');
    expect(general).toContain('\\boxed{}');
    expect(odeTask.prompt(problem("y'' + y = 0", ['y(0) = 1']), 'asymob')).toMatch(/with \$y\(0\) = 1\$, with its arbitrary constant written \$C_1\$/);
    expect(odeTask.statement(ivp, 'infix')).toBe("y'' + 4*y = sin(3*x), y(0) = 1, y'(0) = 0");
  });

  it("reads y = …, y(x) = … and a model's LaTeX with C_1, C_{2}; a CAS that gives the equation back has no answer", () => {
    const read = (text: string, source: 'model' | 'sympy' = 'model') => {
      const r = odeTask.readAnswer(text, readAnswerText, source);
      return r.status === 'ok' ? canonicalKey(r.expr) : r.status;
    };
    const withConstants = (text: string) => canonicalKey(parseExpr(text, undefined, { parameters: ['C1', 'C2'] }));
    expect(read('y = C1*exp(x) + C2*exp(-x)')).toBe(withConstants('C1*exp(x) + C2*exp(-x)'));
    expect(read('y(x) = exp(x)')).toBe(key('exp(x)'));
    expect(read('The final answer is: $y(x) = C_1 e^{x} + C_{2} e^{-x}$')).toBe(withConstants('C1*exp(x) + C2*exp(-x)'));
    expect(read('\\boxed{y = C_1 \\cos(2x)}')).toBe(withConstants('C1*cos(2*x)'));
    expect(read('$y = C_12$')).toBe(withConstants('2*C1'));
    expect(read('y = K*exp(x)')).toBe('unparseable');
    expect(read('Derivative(y(x), x) - y(x)', 'sympy')).toBe('no-answer');
  });

  it('its canaries are solved by the answers a textbook gives, and a particular solution for a general one is wrong', async () => {
    const verify = odeTask.verifier(() => {
      throw new Error('no antiderivative is asked');
    });
    const solutions = ['C1*exp(x)', 'C1*sin(x) + C2*cos(x)', 'x^2 + 1', '2*exp(-x)', 'exp(x)', 'x^3 + C1*x + C2'];
    expect(odeTask.canaries.map((c) => odeTask.statement(c, 'infix'))).toHaveLength(solutions.length);
    for (const [i, canary] of odeTask.canaries.entries()) {
      const r = await verify(canary, parseExpr(solutions[i], undefined, { parameters: ['C1', 'C2'] }));
      expect(r.verdict, `${odeTask.statement(canary, 'infix')}: ${r.reason}`).toBe('correct');
    }
    const particular = await verify(odeTask.canaries[1], parseExpr('sin(x)'));
    expect(particular.verdict).toBe('incorrect');
    expect(particular.reason).toMatch(/particular solution where the general solution was asked/);
  });
});
