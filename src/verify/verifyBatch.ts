import { availableParallelism } from 'node:os';
import { compiledModuleUrl } from '../util/compiledModuleUrl.js';
import { createWorkerPool, type WorkerPool } from '../util/workerPool.js';
import type { VerifyResult } from './types.js';
import type { VerifyChunk } from './verifyWorker.js';
import { verifyStrings } from './verifyStrings.js';

export interface VerifyBatchPair {
  readonly id?: string;
  readonly problem: string;
  readonly answer: string;
}

export interface VerifyBatchOptions {
  /** Worker threads for large batches; default: the machine's cores. 0 verifies in-process. */
  readonly workers?: number;
  readonly budgetMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Below this many pairs, starting workers costs more than it saves. */
const IN_PROCESS_BELOW = 400;
const CHUNK = 200;

let shared: { pool: WorkerPool<VerifyChunk, VerifyResult[]>; size: number } | undefined;

function poolOf(size: number): WorkerPool<VerifyChunk, VerifyResult[]> {
  if (shared === undefined || shared.size !== size) {
    void shared?.pool.close();
    shared = {
      pool: createWorkerPool<VerifyChunk, VerifyResult[]>({
        script: compiledModuleUrl(import.meta.url, './verifyWorker.js'),
        size,
        name: 'sagga-verify',
      }),
      size,
    };
  }
  return shared.pool;
}

/**
 * Verify many pairs, in order. Large batches are split into chunks verified on worker threads (the
 * pool is kept between calls and never holds the process open), so the event loop stays free.
 * Every pair gets a result: a chunk lost to a crashed worker is verified again in-process, and an
 * aborted batch marks what it did not reach as `unknown`.
 */
export async function verifyBatch(pairs: readonly VerifyBatchPair[], opts: VerifyBatchOptions = {}): Promise<VerifyResult[]> {
  const budget = opts.budgetMs === undefined ? {} : { budgetMs: opts.budgetMs };
  const workers = opts.workers ?? availableParallelism();
  const results: VerifyResult[] = new Array(pairs.length);
  let done = 0;
  const aborted = (): VerifyResult => ({ verdict: 'unknown', reason: 'verification aborted', ms: 0 });

  if (workers <= 0 || pairs.length < IN_PROCESS_BELOW) {
    for (let i = 0; i < pairs.length; i++) {
      if (opts.signal?.aborted) {
        results[i] = aborted();
        continue;
      }
      results[i] = verifyStrings(pairs[i].problem, pairs[i].answer, budget);
      // Yield now and then so that a long in-process batch never starves timers and signals.
      if ((i & 63) === 63) {
        opts.onProgress?.(i + 1, pairs.length);
        await new Promise((r) => setImmediate(r));
      }
    }
    opts.onProgress?.(pairs.length, pairs.length);
    return results;
  }

  const pool = poolOf(workers);
  const tasks: Promise<void>[] = [];
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const slice = pairs.slice(start, start + CHUNK).map((p) => ({ problem: p.problem, answer: p.answer }));
    tasks.push(
      pool.run({ pairs: slice, ...budget }, { signal: opts.signal }).then((r) => {
        const values = r.ok
          ? r.value
          : r.kind === 'aborted' || r.kind === 'closed'
            ? slice.map(aborted)
            : slice.map((p) => verifyStrings(p.problem, p.answer, budget));
        for (let k = 0; k < values.length; k++) results[start + k] = values[k];
        done += values.length;
        opts.onProgress?.(done, pairs.length);
      }),
    );
  }
  await Promise.all(tasks);
  return results;
}
