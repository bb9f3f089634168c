import { availableParallelism } from 'node:os';
import type { Expr } from '../../expr/types.js';
import { compiledModuleUrl } from '../../util/compiledModuleUrl.js';
import { createWorkerPool } from '../../util/workerPool.js';
import type { CasConversion } from './readCasOutput.js';
import type { CasWorkerData, CasWorkerReply, CasWorkerTask } from './casWorker.js';
import type { ProblemOutcome, Target, TargetAnswer, TargetProblem, TargetStats } from '../types.js';

export interface CasTargetOptions {
  /** Problems integrated side by side (worker threads). Default: the machine's cores. */
  readonly concurrency?: number;
  /** Time per problem; a worker past it is terminated and replaced. Default 5 s. */
  readonly timeLimitMs?: number;
  /**
   * The worker threads' script. Default: the compiled `cas/casWorker.js`. Tests give a script
   * that wraps it and hangs on purpose on a marked problem, so that the time limit is tested by
   * something that never finishes rather than by a problem the real CAS is merely slow on.
   */
  readonly workerScript?: URL;
}

export interface CasSystem {
  readonly name: string;
  /**
   * The integrator the worker threads run: a compiled module (see `compiledModuleUrl`) and the name
   * of its export `(input: string) => string`. Loaded only inside the workers.
   */
  readonly integrator: { readonly module: URL; readonly exportName: string };
  readonly toSystem: (e: Expr) => string;
  readonly fromSystem: (output: string) => CasConversion;
}

export const DEFAULT_CAS_TIME_LIMIT_MS = 5000;

/**
 * An in-process CAS integrator as a target. Integrators can loop forever, so each problem runs in a
 * worker thread with a time limit; the answer is converted token by token into our syntax and
 * parsed by the whitelisting parser. The systems are deterministic: for k > 1 the one answer is
 * returned once (asking again would only repeat it).
 */
export function createCasWorkerTarget(system: CasSystem, options: CasTargetOptions = {}): Target {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_CAS_TIME_LIMIT_MS;
  const size = options.concurrency ?? availableParallelism();
  const pool = createWorkerPool<CasWorkerTask, CasWorkerReply>({
    script: options.workerScript ?? compiledModuleUrl(import.meta.url, './casWorker.js'),
    size,
    name: `sagga-${system.name}`,
    workerData: { module: system.integrator.module.href, exportName: system.integrator.exportName } satisfies CasWorkerData,
  });
  const counters = { requests: 0, errors: 0, timeouts: 0, restarts: 0 };

  const solveOne = async (problem: TargetProblem, signal?: AbortSignal): Promise<TargetAnswer> => {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let input: string;
    try {
      input = system.toSystem(problem.expr);
    } catch (error) {
      counters.errors++;
      return { status: 'error', text: '', error: `cannot write the problem for ${system.name}: ${String(error)}`, latencyMs: elapsed() };
    }
    counters.requests++;
    const r = await pool.run({ input }, { timeoutMs: timeLimitMs, signal });
    if (!r.ok) {
      if (r.kind === 'timeout') {
        counters.timeouts++;
        counters.restarts++;
        return { status: 'timeout', text: '', error: `${system.name} gave no answer within ${timeLimitMs} ms`, latencyMs: elapsed() };
      }
      if (r.kind === 'crashed') counters.restarts++;
      counters.errors++;
      return { status: 'error', text: '', error: `${system.name} worker: ${r.message}`, latencyMs: elapsed() };
    }
    const reply = r.value;
    if (!reply.ok) {
      return { status: 'no-answer', text: reply.error, error: `${system.name} failed: ${reply.error}`, latencyMs: elapsed() };
    }
    const converted = system.fromSystem(reply.output);
    if (converted.status === 'ok') {
      return { status: 'ok', text: reply.output, expr: converted.expr, extracted: converted.infix, latencyMs: elapsed() };
    }
    return { status: converted.status, text: reply.output, error: converted.error, latencyMs: elapsed() };
  };

  return {
    name: system.name,
    timeLimitMs,
    deterministic: true,
    // Not the concurrency: it changes speed, not answers (and --resume may change it).
    describe: () => ({ time_limit_ms: timeLimitMs }),
    async solve(problems: readonly TargetProblem[], _k: number, signal?: AbortSignal): Promise<ProblemOutcome[]> {
      return Promise.all(problems.map(async (p) => ({ id: p.id, answers: [await solveOne(p, signal)] })));
    },
    stats(): TargetStats {
      return { ...counters, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } };
    },
    close: () => pool.close(),
  };
}
