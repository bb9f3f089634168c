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
}

export interface CasWorkerTask {
  /** The problem in the system's own syntax. */
  readonly input: string;
}

export type CasWorkerReply = { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string };

type Integrator = (input: string) => string;

async function loadIntegrator(data: CasWorkerData | undefined): Promise<Integrator> {
  if (data === undefined || typeof data.module !== 'string' || typeof data.exportName !== 'string') {
    throw new Error('the CAS worker needs workerData { module, exportName } naming its integrator');
  }
  const loaded = ((await import(data.module)) as Record<string, unknown>)[data.exportName];
  if (typeof loaded !== 'function') throw new Error(`${data.module} exports no function ${data.exportName}`);
  return loaded as Integrator;
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
  const integrate = await integrator;
  try {
    return { ok: true, output: integrate(task.input) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
});
