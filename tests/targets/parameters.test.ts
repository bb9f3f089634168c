import { afterAll, describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { createAlgebriteTarget } from '../../src/targets/algebrite/algebriteTarget.js';
import { encodeCmdRequest } from '../../src/targets/cmd/cmdTarget.js';
import { createMaximaTarget } from '../../src/targets/maxima/maximaTarget.js';
import { createNerdamerTarget } from '../../src/targets/nerdamer/nerdamerTarget.js';
import { loadPromptTemplate } from '../../src/targets/openai/promptTemplates.js';
import { openaiTarget } from '../../src/targets/openai/openaiTarget.js';
import { createSympyTarget } from '../../src/targets/sympy/sympyTarget.js';
import type { Target, TargetProblem } from '../../src/targets/types.js';
import { definiteTask } from '../../src/tasks/definite/definiteTask.js';
import { integrateTask } from '../../src/tasks/integrate/integrateTask.js';
import { parametricVerifier } from '../../src/tasks/parametricVerifier.js';
import { reply } from '../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../helpers/fakeServerFixtures.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { maximaOrSkip, sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();
const MAXIMA = maximaOrSkip();

/*
 * A problem with parameters as every target gets it: the `cmd:` request carries them with their
 * assumptions, a prompt states them, each CAS works with them (Maxima told them, SymPy's symbols
 * made with them), and every answer written in them is read and verified over instantiations.
 */
const parameters = { A: 'positive', B: 'positive' } as const;
const asked = (infix: string, params?: TargetProblem['params']): TargetProblem => {
  const expr = parseExpr(infix, undefined, { parameters: ['A', 'B'] });
  return { id: 'p', expr, infix, latex: infix, parameters, ...(params !== undefined ? { params } : {}) };
};
const verify = parametricVerifier(integrateTask.verifier(verifyPair), () => parameters);
const { server } = fakeServerFixtures('sagga-openai-parameters-');

describe('targets asked a problem with parameters', () => {
  const closing: Target[] = [];
  afterAll(async () => {
    for (const t of closing) await t.close();
  });

  it('a cmd: request carries the parameters after the task fields; a problem without any has no such field', () => {
    const withParameters = JSON.parse(encodeCmdRequest({ id: 'r', problem: asked('A*x'), k: 1, task: integrateTask })) as Record<string, unknown>;
    expect(Object.keys(withParameters)).toEqual(['id', 'problem', 'parameters', 'latex', 'k']);
    expect(withParameters.parameters).toEqual(parameters);
    const definite = JSON.parse(
      encodeCmdRequest({
        id: 'r',
        problem: asked('exp(-A*x)', { lower: parseExpr('0'), upper: parseExpr('oo', undefined, { infinity: true }) }),
        k: 1,
        task: definiteTask,
      }),
    );
    expect(Object.keys(definite)).toEqual(['id', 'task', 'problem', 'lower', 'upper', 'parameters', 'latex', 'k']);
    const plain = encodeCmdRequest({ id: 'r', problem: { id: 'r', expr: parseExpr('x'), infix: 'x', latex: 'x' }, k: 1, task: integrateTask });
    expect(plain).toBe('{"id":"r","problem":"x","latex":"x","k":1}');
  });

  it.runIf(SYMPY && MAXIMA)(
    'nerdamer, Algebrite, SymPy and Maxima answer in the parameters, and each answer is verified correct',
    async () => {
      const targets = [createNerdamerTarget(), createAlgebriteTarget(), await createSympyTarget({ processes: 1 }), await createMaximaTarget({ processes: 1 })];
      closing.push(...targets);
      for (const target of targets) {
        // Maxima would ask the sign of A for x^A; told A > 0, it answers.
        for (const problem of ['A*x + B', 'sin(A*x)', target.name === 'maxima' ? 'x^A' : 'exp(-A*x)']) {
          const [outcome] = await target.solve([asked(problem)], 1);
          const answer = outcome.answers[0];
          expect(answer.status, `${target.name} ${problem}: ${answer.text}`).toBe('ok');
          if (answer.status !== 'ok') continue;
          const r = await verify({ expr: asked(problem).expr, params: {} }, answer.expr);
          expect(r.verdict, `${target.name} ${problem}: ${answer.text}: ${r.reason}`).toBe('correct');
        }
      }
    },
    300_000,
  );

  it('a prompt opens with the assumptions, as ASyMOB states them; a template may place them with {assumptions}', async () => {
    const s = await server(() => reply.answer('The final answer is: \\frac{A x^{2}}{2} + B x'));
    const target = openaiTarget({
      model: 'm',
      baseURL: s.baseURL,
      apiKey: 'sk-none-0123456789',
      prompt: await loadPromptTemplate('asymob'),
      task: integrateTask,
      requestTimeoutMs: 5_000,
    });
    const [outcome] = await target.solve([asked('A*x + B')], 1);
    expect(s.requests[0].prompt).toMatch(/^Assume A, B are real and positive\. Compute the indefinite integral/);
    const answer = outcome.answers[0];
    expect(answer.status).toBe('ok');
    if (answer.status === 'ok') expect((await verify({ expr: asked('A*x + B').expr, params: {} }, answer.expr)).verdict).toBe('correct');
    const custom = openaiTarget({
      model: 'm',
      baseURL: s.baseURL,
      apiKey: 'sk-none-0123456789',
      prompt: { name: 'mine', user: 'Integrate ${latex}$. {assumptions}' },
      task: integrateTask,
      requestTimeoutMs: 5_000,
    });
    await custom.solve([{ ...asked('A*x'), parameters: { A: 'negative' } }], 1);
    expect(s.requests[1].prompt).toBe('Integrate $A*x$. Assume A is real and negative.');
  });
});
