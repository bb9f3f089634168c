import { serveWorker } from '../../util/serveWorker.js';
import { algebriteIntegrate } from './algebriteIntegrate.js';
import { nerdamerIntegrate } from './nerdamerIntegrate.js';

export interface CasWorkerTask {
  readonly system: 'nerdamer' | 'algebrite';
  /** The problem in the system's own syntax. */
  readonly input: string;
}

export type CasWorkerReply = { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string };

// A CAS throwing on a problem is the CAS's answer ("could not integrate"), not a crash of ours.
serveWorker<CasWorkerTask, CasWorkerReply>((task) => {
  try {
    const output = task.system === 'nerdamer' ? nerdamerIntegrate(task.input) : algebriteIntegrate(task.input);
    return { ok: true, output };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
});
