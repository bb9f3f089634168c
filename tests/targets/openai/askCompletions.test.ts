import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { askCompletions, type AskContext } from '../../../src/targets/openai/askCompletions.js';
import { DEFAULT_BACKOFF } from '../../../src/targets/openai/backoff.js';
import { createEndpointPool } from '../../../src/targets/openai/endpointPool.js';
import { OpenAICounters } from '../../../src/targets/openai/openaiCounters.js';
import { resolveOpenAISettings } from '../../../src/targets/openai/resolveOpenAISettings.js';
import { ServerQuirks } from '../../../src/targets/openai/serverQuirks.js';
import { createLimiter } from '../../../src/util/limiter.js';
import { createRng } from '../../../src/util/rng.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

const { server } = fakeServerFixtures('sagga-ask-');

const REFUSE_MAX_TOKENS = "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
const REFUSE_MAX_COMPLETION_TOKENS = "Unsupported parameter: 'max_completion_tokens' is not supported with this model. Use 'max_tokens' instead.";

/** An ask against one fake endpoint, with no retries: every request the server sees is one the ask chose to send. */
function askContext(baseURL: string, maxTokens: number | undefined): AskContext {
  const { settings } = resolveOpenAISettings(
    { model: 'm-fake', baseURL, apiKey: 'k-local', retries: 0, requestTimeoutMs: 30_000, ...(maxTokens !== undefined ? { maxTokens } : {}) },
    {},
  );
  const pool = createEndpointPool([{ url: baseURL, value: new OpenAI({ apiKey: 'k-local', baseURL, maxRetries: 0 }) }]);
  return {
    request: { pool, limiter: createLimiter(1), retries: 0, timeoutMs: 30_000, backoff: DEFAULT_BACKOFF, rng: createRng('ask-test'), redact: (text) => text },
    quirks: new ServerQuirks(settings),
    counters: new OpenAICounters(),
    maxTokens,
  };
}

const messages = [{ role: 'user' as const, content: 'Integrate x.' }];

describe('askCompletions', () => {
  it('asks once more with the other token-limit field when the server refuses the first, and counts both requests', async () => {
    const s = await server((req: FakeRequest) =>
      req.body.max_tokens !== undefined
        ? reply.status(400, { message: REFUSE_MAX_TOKENS, param: 'max_tokens' })
        : reply.answer('x^2/2', { usage: { prompt_tokens: 7, completion_tokens: 3 } }),
    );
    const ctx = askContext(s.baseURL, 100);
    const result = await askCompletions(messages, 1, undefined, ctx);
    expect(result.ok).toBe(true);
    expect(s.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [100, undefined],
      [undefined, 100],
    ]);
    expect(ctx.quirks.maxTokensField).toBe('max_completion_tokens');
    expect(ctx.counters.requests).toBe(2);
    expect(ctx.counters.tokens).toEqual({ prompt: 7, completion: 3, total: 10 });
  });

  it('gives the second refusal as the result: a server that refuses either field is asked twice, not more', async () => {
    const s = await server((req: FakeRequest) =>
      reply.status(400, { message: req.body.max_tokens !== undefined ? REFUSE_MAX_TOKENS : REFUSE_MAX_COMPLETION_TOKENS }),
    );
    const ctx = askContext(s.baseURL, 100);
    const result = await askCompletions(messages, 1, undefined, ctx);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.kind).toBe('rejected');
      expect(result.error).toContain('max_completion_tokens');
    }
    expect(s.requests).toHaveLength(2);
    expect(ctx.counters.requests).toBe(2);
  });

  it('does not ask again without a token limit: the refusal cannot be about a field it never sent', async () => {
    const s = await server(() => reply.status(400, { message: REFUSE_MAX_TOKENS }));
    const ctx = askContext(s.baseURL, undefined);
    const result = await askCompletions(messages, 1, undefined, ctx);
    expect(result.ok).toBe(false);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0].body.max_tokens).toBeUndefined();
  });
});
