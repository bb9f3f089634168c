import { availableParallelism } from 'node:os';
import { createCmdTarget, encodeCmdRequest, type CmdTarget } from '../cmd/cmdTarget.js';
import { packageFile } from '../../util/packageFile.js';
import { readSympyAnswer } from './readSympyAnswer.js';
import { runProbe } from '../process/runProbe.js';
import { checkTaskSupport } from '../checkTaskSupport.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { Task } from '../../tasks/task.js';

export interface SympyTargetOptions {
  /** Python with sympy. Default: $SAGGA_PYTHON, else Debian's /usr/bin/python3 (python3-sympy). */
  readonly python?: string;
  /** Time SymPy gets per problem (SIGALRM inside the worker). Default 10 s. */
  readonly timeoutMs?: number;
  /** Worker processes side by side, one problem at a time each. Default: 2, or 1 on a single core. */
  readonly processes?: number;
  /** Address-space limit per worker, MiB (0: none). Default 3072. */
  readonly memoryMb?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The task asked (default integrate): the worker reads it from each request's `task` field. */
  readonly task?: Task;
}

// How much longer than SymPy's own limit the worker may stay silent before it is killed: SIGALRM
// only interrupts Python between bytecodes, not inside one long big-integer operation.
const KILL_GRACE_MS = 5000;

/**
 * SymPy's `integrate` (and for the other tasks `integrate(f, (x, a, b))`, `limit`, `series`) as a target: `src/targets/sympy/sympy_worker.py`, run by Debian's Python,
 * speaking the `cmd:` protocol. Throws a message naming the Debian package when Python or SymPy is
 * missing.
 */
export async function createSympyTarget(options: SympyTargetOptions = {}): Promise<CmdTarget> {
  const task = options.task ?? integrateTask;
  checkTaskSupport('sympy', task);
  const env = options.env ?? process.env;
  const python = options.python ?? (env.SAGGA_PYTHON !== undefined && env.SAGGA_PYTHON !== '' ? env.SAGGA_PYTHON : '/usr/bin/python3');
  const probe = await runProbe([python, '-c', 'import sympy; print(sympy.__version__)']);
  if (!probe.ok) {
    throw new Error(
      `the sympy target needs Python 3 with SymPy, but ${python} cannot import sympy (${probe.reason}). ` +
        'Install it with `apt-get install python3-sympy`, or set SAGGA_PYTHON to a Python that has sympy.',
    );
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  const processes = options.processes ?? Math.min(2, availableParallelism());
  const worker = packageFile('src/targets/sympy/sympy_worker.py');
  const memoryMb = options.memoryMb ?? 3072;
  return createCmdTarget({
    name: 'sympy',
    command: [python, worker, '--timeout', String(timeoutMs / 1000), '--memory-mb', String(memoryMb)],
    env: { ...env, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
    timeoutMs: timeoutMs + KILL_GRACE_MS,
    startupGraceMs: 30_000,
    maxInFlight: 1,
    // One problem at a time: silent past its own limit and the grace, SymPy is stuck in this problem.
    silence: 'timeout',
    processes,
    codec: { encode: encodeCmdRequest, readAnswer: readSympyAnswer, source: 'sympy' },
    task,
    // SymPy's version decides its answers as much as the time limit does.
    settings: { time_limit_ms: timeoutMs, memory_mb: memoryMb, sympy_version: probe.stdout.trim() },
    deterministic: true,
  });
}
