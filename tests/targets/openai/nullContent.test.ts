import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import type { TargetProblem } from '../../../src/targets/types.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

/*
 * A message without content (`content: null`) over real HTTP, with the openai client, against the
 * local chat-completions server: never read as the model declining.
 */

const { server, tempDir } = fakeServerFixtures('sagga-openai-null-');
const FAST: Partial<OpenAITargetOptions> = { backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5_000 }, requestTimeoutMs: 5_000 };

/** Problem i is ∫ x^i dx; its LaTeX `x^{i}` lets the server tell problems apart. */
function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}
const indexOf = (req: FakeRequest): number => Number(/x\^\{(\d+)\}/.exec(req.prompt)![1]);
const good = (i: number): string => `\\boxed{\\frac{x^{${i + 1}}}{${i + 1}}}`;

describe('content: null', () => {
  it('is a transport error (asked again), or not judged at the token limit or behind a content filter; never a no-answer', async () => {
    const s = await server((req) => {
      switch (indexOf(req)) {
        case 1: return reply.answer('', { nullContent: true }); // finish_reason stop
        case 2: return reply.answer('', { nullContent: true, finishReason: 'tool_calls' });
        case 3: return reply.answer('', { nullContent: true, finishReason: 'length' });
        case 4: return reply.answer('', { nullContent: true, finishReason: 'content_filter' });
        case 5: return reply.answer('', { nullContent: true, reasoning: `So the answer is ${good(5)}` });
        case 6: return reply.answer(''); // an empty string is an answer, and an empty one
        default: return reply.answer(good(indexOf(req)));
      }
    });
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local' });
    const outcomes = await target.solve([1, 2, 3, 4, 5, 6, 7].map(problem), 1);
    expect(outcomes.map((o) => o.answers[0].status)).toEqual(['error', 'error', 'unjudged', 'unjudged', 'ok', 'no-answer', 'ok']);
    expect(outcomes[0].answers[0]).toMatchObject({ error: expect.stringMatching(/content: null, finish_reason: stop.*asked again/) });
    expect(outcomes[1].answers[0]).toMatchObject({ error: expect.stringMatching(/finish_reason: tool_calls/) });
    expect(outcomes[2].answers[0]).toMatchObject({ error: expect.stringMatching(/--max-tokens/) });
    expect(outcomes[3].answers[0]).toMatchObject({ error: expect.stringMatching(/content filter/) });
  });

  it('is not cached: a second run asks again and reads the answer the server now gives', async () => {
    let nulls = true;
    const s = await server((req) => (nulls ? reply.answer('', { nullContent: true }) : reply.answer(good(indexOf(req)))));
    const cacheFile = openAICacheFile(await tempDir());
    const first = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile });
    const [before] = await first.solve([problem(2)], 1);
    await first.close();
    expect(before.answers[0].status).toBe('error');
    nulls = false;
    const second = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile });
    const [after] = await second.solve([problem(2)], 1);
    await second.close();
    expect(after.answers[0].status).toBe('ok');
    expect(second.stats().cacheHits).toBe(0);
    expect(s.requests).toHaveLength(2);
  });
});
