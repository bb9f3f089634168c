import { availableParallelism } from 'node:os';
import type { Expr } from '../../expr/types.js';
import { toInfix } from '../../expr/toInfix.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { admitParameters } from '../../tasks/admitParameters.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { CasName, Task } from '../../tasks/task.js';
import { TaskUnsupported } from '../../tasks/taskUnsupported.js';
import { compiledModuleUrl } from '../../util/compiledModuleUrl.js';
import { createWorkerPool } from '../../util/workerPool.js';
import type { CasConversion } from './readCasOutput.js';
import { checkTaskSupport } from '../checkTaskSupport.js';
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
  /** The task asked (default integrate); a system that cannot do it is refused. */
  readonly task?: Task;
}

export interface CasSystem {
  readonly name: string;
  readonly cas: CasName;
  /**
   * The integrator the worker threads run: a compiled module (see `compiledModuleUrl`) and the name
   * of its export `(input: string) => string`, and of the export that evaluates a task's whole
   * command. Loaded only inside the workers.
   */
  readonly integrator: { readonly module: URL; readonly exportName: string; readonly evaluateName?: string };
  readonly toSystem: (e: Expr) => string;
  readonly fromSystem: (output: string, options?: ReadOptions) => CasConversion;
}

export const DEFAULT_CAS_TIME_LIMIT_MS = 5000;

/**
 * An in-process CAS integrator as a target. Integrators can loop forever, so each problem runs in a
 * worker thread with a time limit; the answer is converted token by token into our syntax and
 * parsed by the whitelisting parser. The systems are deterministic: for k > 1 the one answer is
 * returned once (asking again would only repeat it).
 */
export function createCasWorkerTarget(system: CasSystem, options: CasTargetOptions = {}): Target {
  const task = options.task ?? integrateTask;
  checkTaskSupport(system.cas, task);
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_CAS_TIME_LIMIT_MS;
  const size = options.concurrency ?? availableParallelism();
  const pool = createWorkerPool<CasWorkerTask, CasWorkerReply>({
    script: options.workerScript ?? compiledModuleUrl(import.meta.url, './casWorker.js'),
    size,
    name: `sagga-${system.name}`,
    workerData: {
      module: system.integrator.module.href,
      exportName: system.integrator.exportName,
      evaluateName: system.integrator.evaluateName,
    } satisfies CasWorkerData,
  });
  const counters = { requests: 0, errors: 0, timeouts: 0, restarts: 0 };

  const solveOne = async (problem: TargetProblem, signal?: AbortSignal): Promise<TargetAnswer> => {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let work: CasWorkerTask;
    try {
      // A task's own command (a definite integral, a limit …), else the system's integrator.
      const command = task.casCommand(system.cas, { expr: problem.expr, params: problem.params ?? {} }, system.toSystem);
      work = command === undefined ? { input: system.toSystem(problem.expr) } : { input: command, command: true };
    } catch (error) {
      // A problem of the task this system cannot take (a one-sided limit for nerdamer) is not asked: never a failure.
      if (error instanceof TaskUnsupported) return { status: 'unjudged', text: '', error: `not asked: ${error.message}`, latencyMs: elapsed() };
      counters.errors++;
      return { status: 'error', text: '', error: `cannot write the problem for ${system.name}: ${String(error)}`, latencyMs: elapsed() };
    }
    counters.requests++;
    const r = await pool.run(work, { timeoutMs: timeLimitMs, signal });
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
    let converted: CasConversion | undefined;
    // An answer to a problem with parameters is written in them.
    const read = admitParameters((text, options) => (converted = system.fromSystem(text, options)), parameterNames(problem.parameters ?? {}));
    const reading = task.readAnswer(reply.output, read, system.cas);
    if (reading.status === 'ok') {
      const extracted = converted?.status === 'ok' && converted.expr === reading.expr ? converted.infix : toInfix(reading.expr);
      return { status: 'ok', text: reply.output, expr: reading.expr, extracted, latencyMs: elapsed() };
    }
    return { status: reading.status, text: reply.output, error: reading.error, latencyMs: elapsed() };
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
