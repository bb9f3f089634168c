import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import type { TargetProblem } from '../../../src/targets/types.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

/*
 * A message without content (`content: null` or `""`) over real HTTP, with the openai client, against
 * the local chat-completions server: never read as the model declining.
 */

const { server, tempDir } = fakeServerFixtures('sagga-openai-null-');
const FAST: Partial<OpenAITargetOptions> = { backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5_000 }, requestTimeoutMs: 5_000 };

/** Problem i is ∫ x^i dx; its LaTeX `x^{i}` lets the server tell problems apart. */
function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}
const indexOf = (req: FakeRequest): number => Number(/x\^\{(\d+)\}/.exec(req.prompt)![1]);
const good = (i: number): string => `\\boxed{\\frac{x^{${i + 1}}}{${i + 1}}}`;

describe('content: null or ""', () => {
  it('is a transport error (asked again), or not judged at the token limit or behind a content filter; never a no-answer', async () => {
    const s = await server((req) => {
      switch (indexOf(req)) {
        case 1:
          return reply.answer('', { nullContent: true }); // finish_reason stop
        case 2:
          return reply.answer('', { nullContent: true, finishReason: 'tool_calls' });
        case 3:
          return reply.answer('', { nullContent: true, finishReason: 'length' });
        case 4:
          return reply.answer('', { nullContent: true, finishReason: 'content_filter' });
        case 5:
          return reply.answer('', { nullContent: true, reasoning: `So the answer is ${good(5)}` });
        case 6:
          return reply.answer('', { usage: { prompt_tokens: 10, completion_tokens: 0 } }); // a replica that generates nothing
        case 7:
          return reply.answer('  \n'); // tokens spent, nothing visible
        case 8:
          return reply.answer('', { finishReason: 'length', usage: { prompt_tokens: 10, completion_tokens: 0 } }); // "cut" before it began
        case 9:
          return reply.answer('', { finishReason: 'length' }); // thought past --max-tokens, showed nothing
        default:
          return reply.answer(good(indexOf(req)));
      }
    });
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', retries: 2 });
    const outcomes = await target.solve([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(problem), 1);
    expect(outcomes.map((o) => o.answers[0].status)).toEqual(['error', 'error', 'unjudged', 'unjudged', 'ok', 'error', 'error', 'error', 'unjudged', 'ok']);
    expect(outcomes[0].answers[0]).toMatchObject({ error: expect.stringMatching(/content: null, finish_reason: stop.*asked again/) });
    expect(outcomes[1].answers[0]).toMatchObject({ error: expect.stringMatching(/finish_reason: tool_calls/) });
    expect(outcomes[2].answers[0]).toMatchObject({ error: expect.stringMatching(/--max-tokens/) });
    expect(outcomes[3].answers[0]).toMatchObject({ error: expect.stringMatching(/content filter/) });
    expect(outcomes[5].answers[0]).toMatchObject({
      error: expect.stringMatching(/empty completion \(content: "", finish_reason: stop, 0 completion tokens\).*asked again \(after 3 attempts\)/),
    });
    expect(outcomes[7].answers[0]).toMatchObject({ error: expect.stringMatching(/finish_reason: length, 0 completion tokens/) });
    expect(outcomes[8].answers[0]).toMatchObject({ error: expect.stringMatching(/content: "", finish_reason: length.*--max-tokens/) });
    // Each empty completion was asked again, as a dropped connection is: 1 + 2 retries.
    const asked = (i: number): number => s.requests.filter((r) => indexOf(r) === i).length;
    expect([1, 2, 6, 7, 8].map(asked)).toEqual([3, 3, 3, 3, 3]);
    expect([3, 4, 5, 9, 10].map(asked)).toEqual([1, 1, 1, 1, 1]);
    expect(target.stats().errors).toBe(5);
  });

  it('an empty completion asked again gets the answer the server gives next; empty choices beside answers are asked for alone', async () => {
    const seen = new Map<number, number>();
    const s = await server((req) => {
      const i = indexOf(req);
      seen.set(i, (seen.get(i) ?? 0) + 1);
      if (i === 1) return seen.get(i) === 1 ? reply.answer('', { usage: { prompt_tokens: 10, completion_tokens: 0 } }) : reply.answer(good(i));
      // Problem 2 asks for 3 samples: the first reply has one empty choice among them.
      if (i === 2 && seen.get(i) === 1) return reply.answer('', { texts: [good(i), '', good(i)] });
      return reply.answer(good(i));
    });
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local' });
    const [one] = await target.solve([problem(1)], 1);
    expect(one.answers.map((a) => a.status)).toEqual(['ok']);
    const [three] = await target.solve([problem(2)], 3);
    expect(three.answers.map((a) => a.status)).toEqual(['ok', 'ok', 'ok']);
    // The server does honour n: one empty choice does not make every later problem one request per sample.
    expect(target.stats().nUnsupported).toBe(false);
    expect(s.requests.filter((r) => indexOf(r) === 2).map((r) => r.body.n ?? 1)).toEqual([3, 1]);
    expect(target.stats().errors).toBe(0);
  });

  it('an empty completion cached by an older version is not replayed: it is asked again', async () => {
    const s = await server((req) => reply.answer(good(indexOf(req))));
    const dir = await tempDir();
    const cacheFile = openAICacheFile(dir);
    const probe = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile });
    await probe.solve([problem(3)], 1);
    await probe.close();
    // Rewrite the cached answer as the empty one an older version kept.
    const { readFileSync, writeFileSync } = await import('node:fs');
    const entry = JSON.parse(readFileSync(cacheFile, 'utf8').trim()) as Record<string, unknown>;
    writeFileSync(cacheFile, JSON.stringify({ ...entry, content: '', usage: { prompt: 10, completion: 0, total: 10 } }) + '\n');
    const again = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile });
    const [o] = await again.solve([problem(3)], 1);
    await again.close();
    expect(o.answers[0].status).toBe('ok');
    expect(again.stats().cacheHits).toBe(0);
    expect(s.requests).toHaveLength(2);
  });

  it('is not cached: a second run asks again and reads the answer the server now gives', async () => {
    let nulls = true;
    const s = await server((req) => (nulls ? reply.answer('', { nullContent: true }) : reply.answer(good(indexOf(req)))));
    const cacheFile = openAICacheFile(await tempDir());
    const first = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile, retries: 1 });
    const [before] = await first.solve([problem(2)], 1);
    await first.close();
    expect(before.answers[0].status).toBe('error');
    nulls = false;
    const second = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', cacheFile });
    const [after] = await second.solve([problem(2)], 1);
    await second.close();
    expect(after.answers[0].status).toBe('ok');
    expect(second.stats().cacheHits).toBe(0);
    // Two attempts (one retry) by the first target, one by the second.
    expect(s.requests).toHaveLength(3);
  });
});
