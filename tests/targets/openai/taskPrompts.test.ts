import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { loadPromptTemplate } from '../../../src/targets/openai/promptTemplates.js';
import { openaiTarget } from '../../../src/targets/openai/openaiTarget.js';
import { definiteTask } from '../../../src/tasks/definite/definiteTask.js';
import { integrateTask } from '../../../src/tasks/integrate/integrateTask.js';
import { limitTask } from '../../../src/tasks/limit/limitTask.js';
import { reply } from '../../../testkit/fakeOpenAIServer.js';
import { exprOf } from '../answerParts.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

const { server } = fakeServerFixtures('sagga-openai-tasks-');
const FAST = { backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5_000 }, requestTimeoutMs: 5_000 };

describe('an OpenAI model asked a task', () => {
  it('gets the IntegralBench wording with the bounds, and its symbolic answer is judged with a note when its numerical one disagrees', async () => {
    const s = await server(() => reply.answer('Integrating by parts gives 1.\nSymbolic answer: \\boxed{1}\nNumerical answer: 0.5'));
    const target = openaiTarget({
      ...FAST,
      model: 'm',
      baseURL: s.baseURL,
      apiKey: 'sk-none-0123456789',
      prompt: await loadPromptTemplate('integralbench'),
      task: definiteTask,
    });
    const [outcome] = await target.solve(
      [{ id: 'p', expr: parseExpr('x*exp(x)'), infix: 'x*exp(x)', latex: 'x e^{x}', params: { lower: parseExpr('0'), upper: parseExpr('1') } }],
      1,
    );
    const prompt = s.requests[0].prompt;
    expect(prompt).toContain('\\int_{0}^{1} x e^{x}\\,dx');
    expect(prompt).toMatch(/symbolic/i);
    expect(prompt).toMatch(/Numerical answer:/);
    const answer = outcome.answers[0];
    expect(toInfix(exprOf(answer)!)).toBe('1');
    expect(answer.status === 'ok' && answer.note).toMatch(/disagree by 0\.5/);
  });

  it("gets a limit in ASyMOB's wording, and its boxed DNE is read as no limit", async () => {
    const s = await server(() => reply.answer('It oscillates.\nThe final answer is: \\text{DNE}'));
    const target = openaiTarget({
      ...FAST,
      model: 'm',
      baseURL: s.baseURL,
      apiKey: 'sk-none-0123456789',
      prompt: await loadPromptTemplate('asymob'),
      task: limitTask,
    });
    const [outcome] = await target.solve(
      [{ id: 'p', expr: parseExpr('sin(1/x)'), infix: 'sin(1/x)', latex: '\\sin\\frac{1}{x}', params: { point: parseExpr('0'), direction: '+' } }],
      1,
    );
    expect(s.requests[0].prompt).toContain('\\lim_{x \\to 0^{+}}');
    expect(toInfix(exprOf(outcome.answers[0])!)).toBe('DNE');
  });

  it('refuses a built-in prompt the task has no wording for', async () => {
    const s = await server(() => reply.answer('x'));
    expect(() =>
      openaiTarget({
        ...FAST,
        model: 'm',
        baseURL: s.baseURL,
        apiKey: 'sk-none-0123456789',
        prompt: {
          name: 'integralbench',
          user: 'Evaluate the definite integral ${statement}$.\nThink step by step. Give the exact value in closed form and its numerical value to at least 10 significant digits, finishing your response with two lines:\nSymbolic answer: \\boxed{<exact value in LaTeX>}\nNumerical answer: <decimal number>',
        },
        task: integrateTask,
      }),
    ).toThrow(/the integralbench prompt has no wording for the integrate task/);
  });
});
