import { toFile } from 'openai';
import type { Batch } from 'openai/resources/batches';
import type { BatchJobIntent, BatchJobRecord } from '../targetOptions.js';
import { retryDelayMs } from './backoff.js';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi } from './callBatchApi.js';
import { chatCompletionParams } from './chatCompletionParams.js';
import type { AttemptOutcome, CompletionRequestBody } from './completionTypes.js';
import { findBatchJob } from './findBatchJob.js';
import { sleepUnlessAborted } from './sleepUnlessAborted.js';

/** One request of a batch job: its id in the job (unique within it) and its chat-completions body. */
export interface BatchRequest {
  readonly customId: string;
  readonly body: CompletionRequestBody;
}

export type SubmittedBatch = { readonly ok: true; readonly job: BatchJobRecord; readonly index: number } | Extract<AttemptOutcome, { ok: false }>;

/** Told of a job's creation before it can exist, and when it is known not to. */
export interface SubmitHooks {
  /** Awaited before the create call goes out (the intent is written durably first). */
  readonly onCreating?: (intent: BatchJobIntent) => Promise<void>;
  /** The create call was refused, or failed and no job was made from the file: the intent made nothing. */
  readonly onAbandoned?: (intent: BatchJobIntent) => Promise<void>;
}

/**
 * Upload `requests` as a JSON Lines file (purpose `batch`) and create a chat-completions batch job
 * from it, on the endpoint with the fewest jobs in flight; when that endpoint keeps failing, on
 * another one in service. The creating call is not aborted by `signal`: a job that may exist on
 * the endpoint must come back with its id, so that it can be recorded and never paid for twice.
 * For the same reason the intent is handed to `hooks.onCreating` before the call, and a create call
 * that failed in transit (the endpoint may have made the job and lost the reply) is followed by a
 * look at the endpoint's jobs for one made from the file before it is made again.
 */
export async function submitBatchJob(
  requests: readonly BatchRequest[],
  ctx: BatchCallContext,
  signal?: AbortSignal,
  hooks: SubmitHooks = {},
): Promise<SubmittedBatch> {
  const jsonl =
    requests.map((r) => JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body: chatCompletionParams(r.body) })).join('\n') +
    '\n';
  const bytes = Buffer.from(jsonl, 'utf8');
  const tried = new Set<number>();
  let last: Extract<AttemptOutcome, { ok: false }> = { ok: false, retryable: false, kind: 'error', error: 'no endpoint was tried' };
  for (;;) {
    const index = ctx.pool.choose(tried);
    const client = ctx.clientFor(index, ctx.maxLineBytes);
    const uploaded = await callBatchApi(
      index,
      async (s) =>
        client.files.create({ file: await toFile(bytes, 'sagga-batch.jsonl', { type: 'application/jsonl' }), purpose: 'batch' }, { signal: s, maxRetries: 0 }),
      ctx,
      signal,
    );
    if (uploaded.ok) {
      if (typeof uploaded.value.id !== 'string' || uploaded.value.id === '')
        return { ok: false, retryable: false, kind: 'error', error: 'the files endpoint returned no file id' };
      const url = ctx.pool.stats()[index].url;
      const intent: BatchJobIntent = { endpoint: url, inputFileId: uploaded.value.id, requests: requests.length, created: new Date().toISOString() };
      await hooks.onCreating?.(intent);
      const created = await createOrFind(index, intent, ctx);
      if (created.ok) {
        if (typeof created.value.id !== 'string' || created.value.id === '')
          return { ok: false, retryable: false, kind: 'error', error: 'the batches endpoint returned no batch id' };
        return {
          ok: true,
          index,
          job: { endpoint: url, id: created.value.id, requests: requests.length, created: intent.created, inputFileId: intent.inputFileId },
        };
      }
      // Known to have made nothing only when the endpoint refused it, or its job list lacks it.
      if (!created.unknown) await hooks.onAbandoned?.(intent);
      last = created;
    } else {
      last = uploaded;
    }
    if (last.kind === 'aborted' || !last.retryable) return last;
    tried.add(index);
    if (!ctx.pool.inServiceOutside(tried)) return last;
  }
}

/**
 * Create the job from the intent's file, retried after transport faults; before each retry, the
 * endpoint's jobs are looked through for one the failed call made after all. `unknown`: the last
 * call failed in transit and the list could not be read, so a job may exist.
 */
async function createOrFind(
  index: number,
  intent: BatchJobIntent,
  ctx: BatchCallContext,
): Promise<{ readonly ok: true; readonly value: Batch } | (Extract<AttemptOutcome, { ok: false }> & { readonly unknown: boolean })> {
  const client = ctx.clientFor(index, ctx.maxLineBytes);
  const once = { ...ctx, retries: 0 };
  for (let retry = 0; ; retry++) {
    const created = await callBatchApi(
      index,
      (s) =>
        client.batches.create(
          { input_file_id: intent.inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { created_by: 'sagga' } },
          { signal: s, maxRetries: 0 },
        ),
      once,
    );
    if (created.ok) return created;
    // Refused (a 4xx): no job was made.
    if (!created.retryable) return { ...created, unknown: false };
    const found = await findBatchJob(index, intent.inputFileId, Date.parse(intent.created), ctx);
    if (!found.ok) return { ...created, error: `${created.error}; whether the job was made is not known (${found.error})`, unknown: true };
    if (found.value !== undefined) return { ok: true, value: found.value };
    if (retry >= ctx.retries) return { ...created, unknown: false };
    await sleepUnlessAborted(retryDelayMs(retry, created.retryAfterMs, ctx.backoff, ctx.rng), undefined);
  }
}
