import { workerData } from 'node:worker_threads';
import { serveWorker } from '../../util/serveWorker.js';

/**
 * What a CAS worker thread is started with: which integrator to run. The worker knows no system
 * by name; each CAS folder (nerdamer/, algebrite/) names its own integrator module.
 */
export interface CasWorkerData {
  /** URL of the compiled module that exports the integrator (see `compiledModuleUrl`). */
  readonly module: string;
  /** The export: `(input: string) => string`, ∫ input dx in the system's own syntax, printed. */
  readonly exportName: string;
  /** The export that evaluates a whole command of a task (`defint(…)`, `limit(…)`), printed; absent: none. */
  readonly evaluateName?: string;
}

export interface CasWorkerTask {
  /** The problem in the system's own syntax: the integrand, or with `command` a task's whole command. */
  readonly input: string;
  readonly command?: boolean;
}

export type CasWorkerReply = { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string };

type Integrator = (input: string) => string;

interface Solvers {
  readonly integrate: Integrator;
  readonly evaluate?: Integrator;
}

async function loadIntegrator(data: CasWorkerData | undefined): Promise<Solvers> {
  if (data === undefined || typeof data.module !== 'string' || typeof data.exportName !== 'string') {
    throw new Error('the CAS worker needs workerData { module, exportName } naming its integrator');
  }
  const exports = (await import(data.module)) as Record<string, unknown>;
  const loaded = exports[data.exportName];
  if (typeof loaded !== 'function') throw new Error(`${data.module} exports no function ${data.exportName}`);
  const evaluate = data.evaluateName === undefined ? undefined : exports[data.evaluateName];
  if (evaluate !== undefined && typeof evaluate !== 'function') throw new Error(`${data.module} exports no function ${data.evaluateName}`);
  return { integrate: loaded as Integrator, evaluate: evaluate as Integrator | undefined };
}

// The integrator module is small (each one loads its CAS on first use), so the worker says it is
// ready at once, as a worker with static imports would, and the first task waits for the import.
// Nothing here yields before `serveWorker`: a listener registered by a wrapping script (the tests'
// hang fixtures) is in place before any task is read, and every task is seen by both.
const integrator = loadIntegrator(workerData as CasWorkerData | undefined);
integrator.catch(() => undefined); // a load failure is reported by every task, not as a crash

// A CAS throwing on a problem is the CAS's answer ("could not integrate"), not a crash of ours; an
// integrator that cannot be loaded fails each task (an `error` answer, never a model failure).
serveWorker<CasWorkerTask, CasWorkerReply>(async (task) => {
  const solvers = await integrator;
  const solve = task.command === true ? solvers.evaluate : solvers.integrate;
  if (solve === undefined) return { ok: false, error: 'this system evaluates no commands' };
  try {
    return { ok: true, output: solve(task.input) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
});
