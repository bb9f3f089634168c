import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Rng } from '../../util/rng.js';
import type { TokenUsage } from '../types.js';
import { parseRetryAfter, retryDelayMs, type BackoffOptions } from './backoff.js';
import type { Limiter } from './limiter.js';
import { redactSecret } from './redactSecret.js';
import { tooLargeIn } from './limitedFetch.js';

export interface CompletionChoice {
  /** The message content ('' when the server sent none). */
  readonly content: string;
  /** A reasoning model's separate thinking (`reasoning_content` or `reasoning`), if sent. */
  readonly reasoning?: string;
  readonly finishReason?: string;
}

export type CompletionResult =
  | { readonly ok: true; readonly choices: readonly CompletionChoice[]; readonly usage?: TokenUsage; readonly latencyMs: number }
  | {
      readonly ok: false;
      /** `timeout`: the last attempt ran out of time; `rejected`: a 4xx that retrying cannot fix; `error`: anything else. */
      readonly kind: 'timeout' | 'rejected' | 'error' | 'aborted';
      readonly error: string;
      readonly status?: number;
      readonly latencyMs: number;
    };

export interface CompletionRequestBody {
  readonly model: string;
  readonly messages: readonly { readonly role: 'system' | 'user'; readonly content: string }[];
  readonly n: number;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly maxTokensField: 'max_tokens' | 'max_completion_tokens';
  readonly extraBody?: Readonly<Record<string, unknown>>;
}

export interface RequestContext {
  readonly client: OpenAI;
  readonly limiter: Limiter;
  readonly retries: number;
  readonly timeoutMs: number;
  readonly backoff: BackoffOptions;
  readonly rng: Rng;
  readonly secret: string | undefined;
  readonly signal?: AbortSignal;
  /** Called once per HTTP attempt (for the request counter). */
  readonly onAttempt: () => void;
  /** Called before each retry. */
  readonly onRetry: () => void;
  /**
   * Called with what was sent and what came back, while the attempt still holds its limiter slot, so
   * that what a server revealed (it ignores `n`, it wants `max_completion_tokens`) is known before any
   * queued request builds its body.
   */
  readonly onOutcome?: (sent: CompletionRequestBody, outcome: AttemptOutcome) => void;
}

export type AttemptOutcome =
  | { readonly ok: true; readonly choices: CompletionChoice[]; readonly usage?: TokenUsage }
  | { readonly ok: false; readonly retryable: boolean; readonly kind: 'timeout' | 'rejected' | 'error' | 'aborted'; readonly error: string; readonly status?: number; readonly retryAfterMs?: number };

/**
 * One chat-completions call with sagga's own retry policy (the client's retries are off): retry on
 * 408/409/429/5xx, connection failures, timeouts and unreadable bodies, at most `retries` times,
 * waiting `Retry-After` when the server gives one and jittered exponential backoff otherwise. Each
 * attempt holds a limiter slot only while its request is open. `body` may be a function, called for
 * each attempt. Resolves for every outcome; never throws.
 */
export async function requestCompletions(body: CompletionRequestBody | (() => CompletionRequestBody), ctx: RequestContext): Promise<CompletionResult> {
  const started = Date.now();
  let last: AttemptOutcome | undefined;
  for (let attempt = 0; attempt <= ctx.retries; attempt++) {
    if (attempt > 0) {
      ctx.onRetry();
      const wait = retryDelayMs(attempt - 1, last !== undefined && !last.ok ? last.retryAfterMs : undefined, ctx.backoff, ctx.rng);
      if (!(await sleep(wait, ctx.signal))) return { ok: false, kind: 'aborted', error: 'aborted', latencyMs: Date.now() - started };
    }
    if (ctx.signal?.aborted) return { ok: false, kind: 'aborted', error: 'aborted', latencyMs: Date.now() - started };
    last = await ctx.limiter.run(async () => {
      // The body is built when the slot is granted, from what is known by then.
      const sent = typeof body === 'function' ? body() : body;
      const outcome = await attemptOnce(sent, ctx);
      ctx.onOutcome?.(sent, outcome);
      return outcome;
    });
    if (last.ok) return { ok: true, choices: last.choices, ...(last.usage ? { usage: last.usage } : {}), latencyMs: Date.now() - started };
    if (!last.retryable) break;
  }
  const failure = last as Extract<AttemptOutcome, { ok: false }>;
  const tries = failure.retryable ? ` (after ${ctx.retries + 1} attempts)` : '';
  return {
    ok: false,
    kind: failure.kind,
    error: redactSecret(failure.error + tries, ctx.secret),
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    latencyMs: Date.now() - started,
  };
}

async function attemptOnce(body: CompletionRequestBody, ctx: RequestContext): Promise<AttemptOutcome> {
  if (ctx.signal?.aborted) return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
  ctx.onAttempt();
  // Our own timer covers the whole exchange, body included (the client's timeout stops at the headers).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ctx.timeoutMs);
  const onOuterAbort = (): void => controller.abort();
  ctx.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const params = {
      ...withoutReserved(body.extraBody),
      model: body.model,
      messages: body.messages.map((m) => ({ role: m.role, content: m.content })),
      ...(body.n > 1 ? { n: body.n } : {}),
      ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
      ...(body.maxTokens !== undefined ? { [body.maxTokensField]: body.maxTokens } : {}),
      stream: false,
    } as ChatCompletionCreateParamsNonStreaming;
    const response: unknown = await ctx.client.chat.completions.create(params, {
      signal: controller.signal,
      maxRetries: 0,
      timeout: ctx.timeoutMs + 1_000,
    });
    return readResponse(response);
  } catch (err) {
    if (ctx.signal?.aborted) return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
    if (timedOut) return { ok: false, retryable: true, kind: 'timeout', error: `no response within ${ctx.timeoutMs} ms` };
    return classify(err);
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Parameters sagga sets itself are not taken from `extraBody` (an `n` there would break sample counting). */
const RESERVED = new Set(['model', 'messages', 'n', 'stream', 'stream_options', 'temperature', 'max_tokens', 'max_completion_tokens']);

function withoutReserved(extra: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  if (extra === undefined) return {};
  return Object.fromEntries(Object.entries(extra).filter(([k]) => !RESERVED.has(k)));
}

/**
 * The messages of an error's causes, outermost first: fetch reports only "fetch failed" and keeps
 * what went wrong (`connect ECONNREFUSED 127.0.0.1:9`) one cause further down.
 */
function causeChain(cause: unknown): string {
  const messages: string[] = [];
  for (let c = cause, depth = 0; c instanceof Error && depth < 4; c = c.cause, depth++) {
    if (c.message !== '' && !messages.includes(c.message)) messages.push(c.message);
  }
  return messages.map((m) => `: ${m}`).join('');
}

function classify(err: unknown): AttemptOutcome {
  // A body cut at --max-response-bytes: counted as a transport fault, retried like one (the answer
  // is never judged from a truncated body, and a model is not blamed for what sagga refused to read).
  const tooLarge = tooLargeIn(err);
  if (tooLarge !== undefined) return { ok: false, retryable: true, kind: 'error', error: tooLarge.message };
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return { ok: false, retryable: true, kind: 'timeout', error: 'request timed out' };
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return { ok: false, retryable: true, kind: 'error', error: `connection error${causeChain(err.cause)}` };
  }
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const status = err.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const retryAfterMs = parseRetryAfter(err.headers instanceof Headers ? err.headers : undefined);
    return {
      ok: false,
      retryable,
      kind: retryable ? 'error' : 'rejected',
      error: err.message.startsWith(String(status)) ? `HTTP ${err.message}` : `HTTP ${status}: ${err.message}`,
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  // Unreadable JSON, a body cut short, a fetch TypeError: server or network trouble, worth another try.
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { ok: false, retryable: true, kind: 'error', error: `malformed or interrupted response (${message})` };
}

function readResponse(response: unknown): AttemptOutcome {
  const choices = typeof response === 'object' && response !== null ? (response as Record<string, unknown>).choices : undefined;
  if (!Array.isArray(choices)) {
    return { ok: false, retryable: true, kind: 'error', error: 'malformed response: no choices array' };
  }
  const read: { index: number; choice: CompletionChoice }[] = [];
  for (let i = 0; i < choices.length; i++) {
    const c: unknown = choices[i];
    if (typeof c !== 'object' || c === null) continue;
    const o = c as Record<string, unknown>;
    const message = typeof o.message === 'object' && o.message !== null ? (o.message as Record<string, unknown>) : {};
    const content = typeof message.content === 'string' ? message.content : '';
    // Reasoning servers (DeepSeek, vLLM, OpenRouter …) put the thinking in a non-standard field.
    const reasoning =
      typeof message.reasoning_content === 'string' ? message.reasoning_content : typeof message.reasoning === 'string' ? message.reasoning : undefined;
    const finishReason = typeof o.finish_reason === 'string' ? o.finish_reason : undefined;
    const index = typeof o.index === 'number' ? o.index : i;
    read.push({
      index,
      choice: { content, ...(reasoning !== undefined ? { reasoning } : {}), ...(finishReason !== undefined ? { finishReason } : {}) },
    });
  }
  if (read.length === 0) return { ok: false, retryable: true, kind: 'error', error: 'malformed response: empty choices array' };
  read.sort((a, b) => a.index - b.index);
  const usage = readUsage((response as Record<string, unknown>).usage);
  return { ok: true, choices: read.map((r) => r.choice), ...(usage ? { usage } : {}) };
}

function readUsage(v: unknown): TokenUsage | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
  const prompt = n(o.prompt_tokens);
  const completion = n(o.completion_tokens);
  const total = typeof o.total_tokens === 'number' ? n(o.total_tokens) : prompt + completion;
  return { prompt, completion, total };
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = (): void => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
