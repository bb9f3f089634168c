import { availableParallelism } from 'node:os';
import { createCmdTarget, type CmdTarget } from '../cmd/cmdTarget.js';
import { maximaCodec } from './maximaCodec.js';
import { probeMaxima } from './probeMaxima.js';
import { TargetUnhealthyError } from '../targetUnhealthyError.js';
import { checkTaskSupport } from '../checkTaskSupport.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { Task } from '../../tasks/task.js';

export interface MaximaTargetOptions {
  /** The maxima launcher. Default: $SAGGA_MAXIMA, else Debian's /usr/bin/maxima. */
  readonly maxima?: string;
  /** Time per problem; Maxima has no time limit of its own, so a slow one is killed and restarted. Default 10 s. */
  readonly timeoutMs?: number;
  /** Maxima processes side by side, one problem at a time each. Default: 2, or 1 on a single core. */
  readonly processes?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The task asked (default integrate). */
  readonly task?: Task;
}

/**
 * Maxima's `integrate` as a target. Maxima is started with `--very-quiet`, configured by a short
 * preamble, and then reads one `sagga_solve(…)$` statement per problem and prints the `cmd:`
 * protocol's JSON answer lines itself; the rest (restarts, timeouts, reading answers) is `cmdTarget`.
 * Throws a message naming the Debian package when Maxima is missing, or `maxima-share` when Maxima
 * runs without its share library (it could not read a single problem).
 */
export async function createMaximaTarget(options: MaximaTargetOptions = {}): Promise<CmdTarget> {
  const task = options.task ?? integrateTask;
  checkTaskSupport('maxima', task);
  const env = options.env ?? process.env;
  const maxima = options.maxima ?? (env.SAGGA_MAXIMA !== undefined && env.SAGGA_MAXIMA !== '' ? env.SAGGA_MAXIMA : '/usr/bin/maxima');
  const probe = await probeMaxima(maxima, env);
  // Maxima that runs but cannot read a problem is a broken installation: the health check's refusal.
  if (!probe.ok) throw probe.runs ? new TargetUnhealthyError(probe.message) : new Error(probe.message);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return createCmdTarget({
    name: 'maxima',
    // --userdir: a user's own maxima-init.mac must not change the answers.
    command: [maxima, '--very-quiet', '--disable-readline', '--userdir=/nonexistent/sagga-maxima-userdir'],
    env,
    timeoutMs,
    startupGraceMs: 10_000,
    maxInFlight: 1,
    // One problem at a time and no time limit of its own: a silent Maxima is busy with this problem.
    silence: 'timeout',
    processes: options.processes ?? Math.min(2, availableParallelism()),
    codec: maximaCodec,
    task,
    settings: { time_limit_ms: timeoutMs },
    deterministic: true,
    // After a failed health check: is it the share library after all (say, removed since start-up)?
    diagnose: async () => {
      const again = await probeMaxima(maxima, env, 30_000);
      return again.ok ? undefined : again.message;
    },
  });
}
