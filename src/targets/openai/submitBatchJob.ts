import { toFile } from 'openai';
import type { BatchJobRecord } from '../targetOptions.js';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi } from './callBatchApi.js';
import { chatCompletionParams } from './chatCompletionParams.js';
import type { AttemptOutcome, CompletionRequestBody } from './completionTypes.js';

/** One request of a batch job: its id in the job (unique within it) and its chat-completions body. */
export interface BatchRequest {
  readonly customId: string;
  readonly body: CompletionRequestBody;
}

export type SubmittedBatch = { readonly ok: true; readonly job: BatchJobRecord; readonly index: number } | Extract<AttemptOutcome, { ok: false }>;

/**
 * Upload `requests` as a JSON Lines file (purpose `batch`) and create a chat-completions batch job
 * from it, on the endpoint with the fewest jobs in flight; when that endpoint keeps failing, on
 * another one in service. The creating call is not aborted by `signal`: a job that may exist on
 * the endpoint must come back with its id, so that it can be recorded and never paid for twice.
 */
export async function submitBatchJob(requests: readonly BatchRequest[], ctx: BatchCallContext, signal?: AbortSignal): Promise<SubmittedBatch> {
  const jsonl = requests.map((r) => JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body: chatCompletionParams(r.body) })).join('\n') + '\n';
  const bytes = Buffer.from(jsonl, 'utf8');
  const tried = new Set<number>();
  let last: Extract<AttemptOutcome, { ok: false }> = { ok: false, retryable: false, kind: 'error', error: 'no endpoint was tried' };
  for (;;) {
    const index = ctx.pool.choose(tried);
    const client = ctx.clientFor(index, ctx.maxLineBytes);
    const uploaded = await callBatchApi(
      index,
      async (s) => client.files.create({ file: await toFile(bytes, 'sagga-batch.jsonl', { type: 'application/jsonl' }), purpose: 'batch' }, { signal: s, maxRetries: 0 }),
      ctx,
      signal,
    );
    if (uploaded.ok) {
      if (typeof uploaded.value.id !== 'string' || uploaded.value.id === '') return { ok: false, retryable: false, kind: 'error', error: 'the files endpoint returned no file id' };
      const created = await callBatchApi(
        index,
        (s) => client.batches.create({ input_file_id: uploaded.value.id, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { created_by: 'sagga' } }, { signal: s, maxRetries: 0 }),
        ctx,
      );
      if (created.ok) {
        if (typeof created.value.id !== 'string' || created.value.id === '') return { ok: false, retryable: false, kind: 'error', error: 'the batches endpoint returned no batch id' };
        const url = ctx.pool.stats()[index].url;
        return { ok: true, index, job: { endpoint: url, id: created.value.id, requests: requests.length, created: new Date().toISOString() } };
      }
      last = created;
    } else {
      last = uploaded;
    }
    if (last.kind === 'aborted' || !last.retryable) return last;
    tried.add(index);
    if (!ctx.pool.inServiceOutside(tried)) return last;
  }
}
