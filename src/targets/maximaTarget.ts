import { availableParallelism } from 'node:os';
import { createCmdTarget, type CmdTarget } from './cmdTarget.js';
import { maximaCodec } from './maxima/maximaCodec.js';
import { runProbe } from './runProbe.js';

export interface MaximaTargetOptions {
  /** The maxima launcher. Default: $SAGGA_MAXIMA, else Debian's /usr/bin/maxima. */
  readonly maxima?: string;
  /** Time per problem; Maxima has no time limit of its own, so a slow one is killed and restarted. Default 10 s. */
  readonly timeoutMs?: number;
  /** Maxima processes side by side, one problem at a time each. Default: 2, or 1 on a single core. */
  readonly processes?: number;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Maxima's `integrate` as a target. Maxima is started with `--very-quiet`, configured by a short
 * preamble, and then reads one `sagga_solve(…)$` statement per problem and prints the `cmd:`
 * protocol's JSON answer lines itself; the rest (restarts, timeouts, reading answers) is `cmdTarget`.
 * Throws a message naming the Debian package when Maxima is missing.
 */
export async function createMaximaTarget(options: MaximaTargetOptions = {}): Promise<CmdTarget> {
  const env = options.env ?? process.env;
  const maxima = options.maxima ?? (env.SAGGA_MAXIMA !== undefined && env.SAGGA_MAXIMA !== '' ? env.SAGGA_MAXIMA : '/usr/bin/maxima');
  const probe = await runProbe([maxima, '--very-quiet', '--disable-readline', '--batch-string=print(1+1)$']);
  if (!probe.ok || !/\b2\b/.test(probe.stdout)) {
    throw new Error(
      `the maxima target needs Maxima, but ${maxima} does not run (${probe.ok ? `unexpected output: ${probe.stdout.trim().slice(0, 200)}` : probe.reason}). ` +
        'Install it with `apt-get install maxima`, or set SAGGA_MAXIMA to the maxima launcher.',
    );
  }
  return createCmdTarget({
    name: 'maxima',
    // --userdir: a user's own maxima-init.mac must not change the answers.
    command: [maxima, '--very-quiet', '--disable-readline', '--userdir=/nonexistent/sagga-maxima-userdir'],
    env,
    timeoutMs: options.timeoutMs ?? 10_000,
    startupGraceMs: 10_000,
    maxInFlight: 1,
    processes: options.processes ?? Math.min(2, availableParallelism()),
    codec: maximaCodec,
  });
}
