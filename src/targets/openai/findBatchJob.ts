import type { Batch } from 'openai/resources/batches';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi, type BatchApiResult } from './callBatchApi.js';

/** Most pages of the job list looked through (100 jobs each). */
const MAX_PAGES = 20;
/** How far before `notBefore` the list is still read: the endpoint's clock may differ from ours. */
const CLOCK_SLACK_MS = 10 * 60_000;

/**
 * The job on endpoint `index` made from input file `inputFileId`, found in its job list (newest
 * first), or undefined when the list holds none. The list is read back to `notBefore` (when the
 * create call was made, less some slack for clocks) and at most 2,000 jobs deep. A list that cannot
 * be read, or goes deeper, is a fault: then it is not known whether the job exists.
 */
export async function findBatchJob(
  index: number,
  inputFileId: string,
  notBefore: number,
  ctx: BatchCallContext,
  signal?: AbortSignal,
): Promise<BatchApiResult<Batch | undefined>> {
  const client = ctx.clientFor(index, ctx.maxLineBytes);
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await callBatchApi(
      index,
      (s) => client.batches.list({ limit: 100, ...(after !== undefined ? { after } : {}) }, { signal: s, maxRetries: 0 }),
      ctx,
      signal,
    );
    if (!listed.ok) return listed;
    const jobs = Array.isArray(listed.value.data) ? listed.value.data : [];
    const found = jobs.find((b) => b.input_file_id === inputFileId);
    if (found !== undefined) return { ok: true, value: found };
    const last = jobs.at(-1);
    const older = last === undefined || (typeof last.created_at === 'number' && last.created_at * 1000 < notBefore - CLOCK_SLACK_MS);
    if (!listed.value.has_more || older || last === undefined) return { ok: true, value: undefined };
    after = last.id;
  }
  return { ok: false, retryable: false, kind: 'error', error: `no job from ${inputFileId} among the newest ${MAX_PAGES * 100} jobs, and the list goes on` };
}
