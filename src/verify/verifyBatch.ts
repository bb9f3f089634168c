import { availableParallelism } from 'node:os';
import { compiledModuleUrl } from '../util/compiledModuleUrl.js';
import { createWorkerPool, type WorkerPool } from '../util/workerPool.js';
import type { Domain } from './domain.js';
import type { VerifyOptions, VerifyResult } from './types.js';
import type { VerifyChunk } from './verifyWorker.js';
import { verifyStrings } from './verifyStrings.js';

export interface VerifyBatchPair {
  readonly id?: string;
  readonly problem: string;
  readonly answer: string;
  /** The interval this problem is posed on (the whole real line when absent). */
  readonly domain?: Domain;
}

export interface VerifyBatchOptions extends Partial<Pick<VerifyOptions, 'work' | 'backstopMs' | 'budgetMs'>> {
  /** Worker threads for large batches; default: the machine's cores. 0 verifies in-process. */
  readonly workers?: number;
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
  const budget = budgetOf(opts);
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
      results[i] = verifyStrings(pairs[i].problem, pairs[i].answer, withDomain(budget, pairs[i].domain));
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
    const slice = pairs
      .slice(start, start + CHUNK)
      .map((p) => (p.domain === undefined ? { problem: p.problem, answer: p.answer } : { problem: p.problem, answer: p.answer, domain: p.domain }));
    tasks.push(
      pool.run({ pairs: slice, ...budget }, { signal: opts.signal }).then((r) => {
        const values = r.ok
          ? r.value
          : r.kind === 'aborted' || r.kind === 'closed'
            ? slice.map(aborted)
            : slice.map((p) => verifyStrings(p.problem, p.answer, withDomain(budget, p.domain)));
        for (let k = 0; k < values.length; k++) results[start + k] = values[k];
        done += values.length;
        opts.onProgress?.(done, pairs.length);
      }),
    );
  }
  await Promise.all(tasks);
  return results;
}

/** The budget options that were given (absent ones keep the verifier's defaults). */
function budgetOf(opts: VerifyBatchOptions): Partial<VerifyOptions> {
  const budget: { work?: number; backstopMs?: number } = {};
  if (opts.work !== undefined) budget.work = opts.work;
  const backstopMs = opts.backstopMs ?? opts.budgetMs;
  if (backstopMs !== undefined) budget.backstopMs = backstopMs;
  return budget;
}

function withDomain(budget: Partial<VerifyOptions>, domain: Domain | undefined): Partial<VerifyOptions> {
  return domain === undefined ? budget : { ...budget, domain };
}
