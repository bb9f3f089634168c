import { expect } from 'vitest';
import type { Target } from '../../src/targets/types.js';
import { problem } from './cmd/cmdHelpers.js';
import { hangingProblem } from './hangOnPurpose.js';

/**
 * On a one-worker target whose worker hangs on purpose on the marked problem (HANG_CAS_WORKER): that
 * problem runs past the time limit and is a timeout; the hung worker is replaced, so the problems
 * after it, on the replacement, get the real system's answers (within a limit far above what the
 * real system needs for them).
 */
export async function expectTimeoutRecovery(target: Target & { stats(): object }): Promise<void> {
  try {
    const slow = hangingProblem('slow');
    const later = ['x^2', 'cos(3*x)', 'x*exp(x)'].map((t, i) => problem(`later${i}`, t));
    const outcomes = await target.solve([slow, ...later], 1);
    expect(outcomes.map((o) => o.id)).toEqual(['slow', 'later0', 'later1', 'later2']);
    expect(outcomes[0].answers).toEqual([expect.objectContaining({ status: 'timeout' })]);
    for (const o of outcomes.slice(1)) expect(o.answers[0].status).toBe('ok');
    expect(target.stats()).toMatchObject({ timeouts: 1, restarts: 1, requests: 4 });
  } finally {
    await target.close();
  }
}
