import OpenAI from 'openai';
import { DEFAULT_BACKOFF, parseRetryAfter, retryDelayMs } from '../targets/openai/backoff.js';
import { DEFAULT_MAX_RESPONSE_BYTES, limitedFetch } from '../targets/openai/limitedFetch.js';
import { createLimiter } from '../util/limiter.js';
import { clip } from '../util/clip.js';
import { createRedactor, environmentSecrets } from '../util/redactSecrets.js';
import type { Rng } from '../util/rng.js';
import type { Judge, PairVerdict } from './judgeEvalTypes.js';
import { judgePrompt } from './judgePrompt.js';
import { parseJudgeReply } from './parseJudgeReply.js';

export interface OpenAIJudgeOptions {
  readonly model: string;
  /** Default: `OPENAI_BASE_URL`, else the OpenAI API. */
  readonly baseURL?: string;
  /** Where `OPENAI_API_KEY` / `OPENAI_BASE_URL` are read from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Not sent when undefined (the server's default applies). */
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** Requests open at once (default 8). */
  readonly concurrency?: number;
  /** Retries after 408/409/429/5xx and connection failures (default 4). */
  readonly retries?: number;
  /** Per attempt, whole response included (default 300 s). */
  readonly requestTimeoutMs?: number;
  readonly maxResponseBytes?: number;
  /** For backoff jitter. */
  readonly rng: Rng;
}

const OPENAI_API = 'https://api.openai.com/v1';

/**
 * A model behind an OpenAI-compatible chat-completions endpoint as a judge, `openai:<model>`: each
 * pair is sent with a μ-MATH-style prompt (`judgePrompt`) and the reply is read strictly
 * (`parseJudgeReply`). A reply without the verdict line, or a request that fails after its retries
 * (jittered exponential backoff from the seeded generator, `Retry-After` honoured), is `unknown`.
 * The API key is read from `OPENAI_API_KEY` only and never appears in a reason.
 */
export function openaiJudge(opts: OpenAIJudgeOptions): Judge {
  const env = opts.env ?? process.env;
  const baseURL = (opts.baseURL ?? (env.OPENAI_BASE_URL || undefined) ?? OPENAI_API).replace(/\/+$/, '');
  const secret = env.OPENAI_API_KEY || undefined;
  if (secret === undefined && baseURL === OPENAI_API) throw new Error('OPENAI_API_KEY is not set (needed for the OpenAI API; local servers may do without)');
  if (opts.model.trim() === '') throw new Error('the openai judge needs a model name, as openai:<model>');
  const retries = opts.retries ?? 4;
  const requestTimeoutMs = opts.requestTimeoutMs ?? 300_000;
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const redact = createRedactor([secret, ...environmentSecrets(env)]);
  const client = new OpenAI({ apiKey: secret ?? 'sk-none', baseURL, maxRetries: 0, timeout: requestTimeoutMs, fetch: limitedFetch(maxResponseBytes) });
  const limiter = createLimiter(opts.concurrency ?? 8);

  const ask = async (messages: ReturnType<typeof judgePrompt>, signal: AbortSignal | undefined): Promise<{ text: string } | { error: string }> => {
    let last = '';
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (signal?.aborted) return { error: 'aborted' };
      let retryAfterMs: number | undefined;
      try {
        const response = await limiter.run(() =>
          client.chat.completions.create(
            {
              model: opts.model,
              messages,
              ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
              ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}),
            },
            { signal, timeout: requestTimeoutMs, maxRetries: 0 },
          ),
        );
        const content: unknown = response?.choices?.[0]?.message?.content;
        if (typeof content === 'string') return { text: content };
        last = 'the response holds no message content';
      } catch (err) {
        if (signal?.aborted) return { error: 'aborted' };
        const status = (err as { status?: unknown }).status;
        last = redact(err instanceof Error ? err.message : String(err));
        if (typeof status === 'number' && status < 500 && ![408, 409, 429].includes(status)) return { error: `HTTP ${status}: ${last}` };
        retryAfterMs = parseRetryAfter((err as { headers?: { get(name: string): string | null } }).headers);
      }
      if (attempt < retries) await sleep(retryDelayMs(attempt, retryAfterMs, DEFAULT_BACKOFF, opts.rng), signal);
    }
    return { error: `${last} (after ${retries + 1} attempts)` };
  };

  return {
    name: `openai:${opts.model}`,
    async judge(pairs, run = {}) {
      let done = 0;
      return Promise.all(
        pairs.map(async (p): Promise<PairVerdict> => {
          const started = performance.now();
          const reply = await ask(judgePrompt(p), run.signal);
          const ms = performance.now() - started;
          run.onProgress?.(++done, pairs.length);
          if ('error' in reply) return { id: p.id, verdict: 'unknown', reason: `no verdict: ${clip(reply.error, 300)}`, ms };
          const { verdict, reason } = parseJudgeReply(reply.text);
          return { id: p.id, verdict, reason: redact(clip(reason, 300)), ms };
        }),
      );
    },
    describe: () => ({
      model: opts.model,
      base_url: baseURL.replace(/\/\/[^/@]*@/, '//[redacted]@'),
      temperature: opts.temperature ?? null,
      max_tokens: opts.maxTokens ?? null,
      retries,
      request_timeout_ms: requestTimeoutMs,
    }),
    close: async () => {},
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
