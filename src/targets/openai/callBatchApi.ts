import type { BatchCallContext } from './batchCallContext.js';
import { retryDelayMs } from './backoff.js';
import { classifyRequestError } from './classifyRequestError.js';
import type { AttemptOutcome } from './completionTypes.js';
import { sleepUnlessAborted } from './sleepUnlessAborted.js';

export type BatchApiResult<T> = { readonly ok: true; readonly value: T } | Extract<AttemptOutcome, { ok: false }>;

/**
 * One call of the files or batches API on endpoint `index` (the endpoint that holds the job's
 * files), retried after transport faults at most `ctx.retries` times with backoff. Each fault is
 * reported to the endpoint's health; none counts as a completion request. Resolves `aborted` as
 * soon as `signal` aborts; never throws.
 */
export async function callBatchApi<T>(
  index: number,
  call: (signal: AbortSignal) => Promise<T>,
  ctx: BatchCallContext,
  signal?: AbortSignal,
): Promise<BatchApiResult<T>> {
  let attempts = 0;
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ctx.timeoutMs);
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let failure: Extract<AttemptOutcome, { ok: false }>;
    try {
      attempts++;
      const value = await call(controller.signal);
      ctx.pool.report(index, { health: 'ok', requests: 0 });
      return { ok: true, value };
    } catch (err) {
      if (signal?.aborted) return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
      failure = timedOut ? { ok: false, retryable: true, kind: 'timeout', error: `no response within ${ctx.timeoutMs} ms` } : classifyRequestError(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    ctx.pool.report(index, { health: failure.retryable ? 'fault' : 'neutral', requests: 0 });
    if (!failure.retryable || retry >= ctx.retries) {
      const tries = failure.retryable ? ` (after ${attempts} attempts)` : '';
      return { ...failure, error: ctx.redact(failure.error + tries) };
    }
    if (!(await sleepUnlessAborted(retryDelayMs(retry, failure.retryAfterMs, ctx.backoff, ctx.rng), signal))) {
      return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
    }
  }
}
