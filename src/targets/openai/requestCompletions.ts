import type OpenAI from 'openai';
import type { Redact } from '../../util/redactSecrets.js';
import type { Rng } from '../../util/rng.js';
import { retryDelayMs, type BackoffOptions } from './backoff.js';
import type { Limiter } from '../../util/limiter.js';
import { chatCompletionParams } from './chatCompletionParams.js';
import { classifyRequestError } from './classifyRequestError.js';
import type { EndpointPool, EndpointReport } from './endpointPool.js';
import { readCompletionResponse } from './readCompletionResponse.js';
import { sleepUnlessAborted } from './sleepUnlessAborted.js';
import type { AttemptOutcome, CompletionRequestBody, CompletionResult } from './completionTypes.js';

export type { AttemptOutcome, CompletionChoice, CompletionRequestBody, CompletionResult } from './completionTypes.js';

export interface RequestContext {
  /** The endpoints, each with its client; a request goes to the one with the fewest in flight. */
  readonly pool: EndpointPool<OpenAI>;
  /** Bounds the requests open at once over all endpoints (`--concurrency`). */
  readonly limiter: Limiter;
  readonly retries: number;
  readonly timeoutMs: number;
  readonly backoff: BackoffOptions;
  readonly rng: Rng;
  /** Hides the API key (and anything key-shaped) in error messages. */
  readonly redact: Redact;
  readonly signal?: AbortSignal;
  /** Called once per HTTP attempt (for the request counter). */
  readonly onAttempt: () => void;
  /** Called before each retry. */
  readonly onRetry: () => void;
  /** Called when a failed attempt is sent on at once to another endpoint in service (no retry used). */
  readonly onFailover?: () => void;
  /**
   * Called with what was sent and what came back, while the attempt still holds its limiter slot, so
   * that what a server revealed (it ignores `n`, it wants `max_completion_tokens`) is known before any
   * queued request builds its body.
   */
  readonly onOutcome?: (sent: CompletionRequestBody, outcome: AttemptOutcome) => void;
}

const ABORTED: AttemptOutcome = { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };

/**
 * One chat-completions call with sagga's own retry policy (the client's retries are off): retry on
 * 408/409/429/5xx, connection failures, timeouts and unreadable bodies. An attempt goes to the
 * endpoint with the fewest requests in flight; when it fails for the endpoint's sake and another
 * endpoint is in service that this round has not tried, it goes there at once. A round ends when
 * every endpoint in service has failed it: then, at most `retries` times, the request waits
 * (`Retry-After` when the server gave one, jittered exponential backoff otherwise) and starts a new
 * round. With one endpoint a round is one attempt, so `retries` counts attempts as before. Each
 * attempt holds a limiter slot and its endpoint only while its request is open. `body` may be a
 * function, called for each attempt. Resolves for every outcome; never throws.
 */
export async function requestCompletions(body: CompletionRequestBody | (() => CompletionRequestBody), ctx: RequestContext): Promise<CompletionResult> {
  const started = Date.now();
  const tried = new Set<number>();
  let last: Extract<AttemptOutcome, { ok: false }> | undefined;
  let attempts = 0;
  for (let retry = 0; ; ) {
    if (ctx.signal?.aborted) return { ok: false, kind: 'aborted', error: 'aborted', latencyMs: Date.now() - started };
    const { outcome, endpoint, wasSent } = await ctx.limiter.run(async (): Promise<{ outcome: AttemptOutcome; endpoint: number; wasSent: boolean }> => {
      const lease = await ctx.pool.acquire(tried, ctx.signal);
      if (lease === undefined) return { outcome: ABORTED, endpoint: -1, wasSent: false };
      // It waited for an endpoint's probe, which failed: that is this attempt's outcome, nothing was sent.
      if ('refused' in lease) return { outcome: { ok: false, retryable: true, kind: 'error', error: lease.error }, endpoint: lease.index, wasSent: false };
      // The body is built when the slot is granted, from what is known by then.
      const sent = typeof body === 'function' ? body() : body;
      const result = await attemptOnce(sent, lease.value, ctx);
      lease.done(endpointReport(result));
      ctx.onOutcome?.(sent, result);
      return { outcome: result, endpoint: lease.index, wasSent: true };
    });
    if (outcome.ok) return { ok: true, choices: outcome.choices, ...(outcome.usage ? { usage: outcome.usage } : {}), latencyMs: Date.now() - started };
    if (outcome.kind !== 'aborted' && wasSent) attempts++;
    last = outcome;
    if (!outcome.retryable) break;
    tried.add(endpoint);
    if (ctx.pool.inServiceOutside(tried)) {
      ctx.onFailover?.();
      continue;
    }
    if (retry >= ctx.retries) break;
    retry++;
    ctx.onRetry();
    const wait = retryDelayMs(retry - 1, outcome.retryAfterMs, ctx.backoff, ctx.rng);
    if (!(await sleepUnlessAborted(wait, ctx.signal))) return { ok: false, kind: 'aborted', error: 'aborted', latencyMs: Date.now() - started };
    tried.clear();
  }
  const failure = last;
  const tries = failure.retryable && attempts > 0 ? ` (after ${attempts} attempts)` : '';
  return {
    ok: false,
    kind: failure.kind,
    error: ctx.redact(failure.error + tries),
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    latencyMs: Date.now() - started,
  };
}

/** What an attempt says about the endpoint that made it. */
function endpointReport(outcome: AttemptOutcome): EndpointReport {
  if (outcome.ok) return { health: 'ok', ...(outcome.usage !== undefined ? { usage: outcome.usage } : {}) };
  if (outcome.kind === 'aborted') return { health: 'neutral', requests: 0 };
  // A request refused as malformed says nothing bad about the endpoint: it answered.
  return outcome.retryable ? { health: 'fault', error: outcome.error } : { health: 'neutral' };
}

async function attemptOnce(body: CompletionRequestBody, client: OpenAI, ctx: RequestContext): Promise<AttemptOutcome> {
  if (ctx.signal?.aborted) return ABORTED;
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
    const response: unknown = await client.chat.completions.create(chatCompletionParams(body), {
      signal: controller.signal,
      maxRetries: 0,
      timeout: ctx.timeoutMs + 1_000,
    });
    return readCompletionResponse(response);
  } catch (err) {
    if (ctx.signal?.aborted) return ABORTED;
    if (timedOut) return { ok: false, retryable: true, kind: 'timeout', error: `no response within ${ctx.timeoutMs} ms` };
    return classifyRequestError(err);
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onOuterAbort);
  }
}
