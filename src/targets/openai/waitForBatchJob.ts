import type { Batch } from 'openai/resources/batches';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi, type BatchApiResult } from './callBatchApi.js';
import { sleepUnlessAborted } from './sleepUnlessAborted.js';

const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed', 'expired', 'cancelled']);

/**
 * Look at batch `id` on endpoint `index` until it has finished (`completed`, `failed`, `expired`
 * or `cancelled`), pausing `poll.initialMs` at first and 1.5 times longer each time, up to
 * `poll.maxMs`. Gives up (a retryable fault: the job goes on and can be waited for again) after
 * `poll.maxWaitMs` or when a look keeps failing through its retries; resolves `aborted` at once
 * when `signal` aborts. Never cancels the job.
 */
export async function waitForBatchJob(index: number, id: string, ctx: BatchCallContext, signal?: AbortSignal): Promise<BatchApiResult<Batch>> {
  const client = ctx.clientFor(index, ctx.maxLineBytes);
  const started = Date.now();
  for (let pause = ctx.poll.initialMs; ; pause = Math.min(ctx.poll.maxMs, pause * 1.5)) {
    const looked = await callBatchApi(index, (s) => client.batches.retrieve(id, { signal: s, maxRetries: 0 }), ctx, signal);
    if (!looked.ok) return looked.kind === 'aborted' ? looked : { ...looked, error: `batch ${id}: ${looked.error}` };
    const status = String(looked.value.status);
    if (FINISHED.has(status)) return looked;
    const left = ctx.poll.maxWaitMs - (Date.now() - started);
    if (left <= 0) {
      return {
        ok: false,
        retryable: true,
        kind: 'timeout',
        error: `batch ${id} was still ${status} after ${ctx.poll.maxWaitMs >= 10_000 ? `${Math.round(ctx.poll.maxWaitMs / 1000)} s` : `${ctx.poll.maxWaitMs} ms`} of waiting; it goes on, and a resumed run waits for it again`,
      };
    }
    if (!(await sleepUnlessAborted(Math.min(pause, left), signal))) return { ok: false, retryable: false, kind: 'aborted', error: 'aborted' };
  }
}
