import { fileURLToPath } from 'node:url';
import type { TargetProblem } from '../../src/targets/types.js';
import { problem } from './cmd/cmdHelpers.js';

/*
 * Time limits are tested with something that hangs on purpose, never with a problem a real system
 * is merely slow on: how fast a CAS solves a given problem depends on the machine, its load and the
 * package version (Debian's SymPy answers some "slow" problems unevaluated within seconds), so a
 * test that expects a real problem to time out races the clock. Each fixture below passes problems
 * to the real system unchanged, except a problem holding HANG_MARKER, on which it never answers.
 * Real systems are then tested only for their results, with time limits far above what they need.
 */

/** The integer the hang fixtures look for in the problem text they are sent (it is written into each of them). */
export const HANG_MARKER = '987654321';

/** A problem the hang fixtures never answer; any real system would integrate it at once. */
export function hangingProblem(id: string): TargetProblem {
  return problem(id, `x + ${HANG_MARKER}`);
}

const fixture = (path: string): URL => new URL(`../fixtures/${path}`, import.meta.url);

/** Worker script for the nerdamer and Algebrite targets (option `workerScript`): the real worker, hanging on the marker. */
export const HANG_CAS_WORKER: URL = fixture('workers/hangOnMarkerCasWorker.mjs');

/** A maxima launcher (option `maxima`): Debian's Maxima, except that a request with the marker is never answered. */
export const HANG_MAXIMA: string = fileURLToPath(fixture('hang/maxima-hangs-on-marker.sh'));

/**
 * The environment for a sympy target (option `env`) whose `sympy.integrate` sleeps forever on an
 * integrand holding the marker (a `sitecustomize` put first on PYTHONPATH), in pure Python, so that
 * the worker's own SIGALRM limit has to cut it.
 */
export function hangingSympyEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const dir = fileURLToPath(fixture('hang/python'));
  return { ...env, PYTHONPATH: env.PYTHONPATH ? `${dir}:${env.PYTHONPATH}` : dir };
}
