import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import type { TargetProblem } from '../../../src/targets/types.js';
import { reply } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

const { server, tempDir } = fakeServerFixtures('sagga-repeat-');
const FAST: Partial<OpenAITargetOptions> = { apiKey: 'k-repeat', backoff: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 } };
const problem = (repeat?: number): TargetProblem => ({
  id: 'p',
  expr: parseExpr('x^2'),
  infix: 'x^2',
  latex: 'x^{2}',
  ...(repeat !== undefined ? { repeat } : {}),
});

describe('asking a problem again', () => {
  it('is answered by a new request, never from the cached answer of the first ask; each repeat is cached on its own', async () => {
    let n = 0;
    const s = await server(() => reply.answer(`The answer is \\boxed{x^3/3 + ${++n}}`));
    const dir = await tempDir();
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, concurrency: 1, cacheFile: openAICacheFile(dir) });
    const first = await target.solve([problem()], 1);
    const cached = await target.solve([problem()], 1);
    const repeat = await target.solve([problem(1)], 1);
    const repeatCached = await target.solve([problem(1)], 1);
    await target.close();
    expect(s.requests).toHaveLength(2);
    expect(cached[0].answers[0].text).toBe(first[0].answers[0].text);
    expect(repeat[0].answers[0].text).not.toBe(first[0].answers[0].text);
    expect(repeatCached[0].answers[0].text).toBe(repeat[0].answers[0].text);
  });
});
