import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../../src/verify/types.js';

/** A hostile line and whether its answer is right (`true`) or not (absent). */
export interface HostileLine {
  readonly name: string;
  readonly true?: boolean;
}

/**
 * The tests of a task's verifier on hostile lines: each ends within the work budget with a verdict
 * and a reason; no wrong answer is called correct and no right one incorrect. `more` adds the
 * task's own tests to the same block.
 */
export function describeHostileLines<T extends HostileLine>(
  title: string,
  corpus: readonly T[],
  workBudget: number,
  verify: (line: T) => VerifyResult,
  more?: () => void,
): void {
  describe(title, () => {
    const results = corpus.map((c) => ({ c, r: verify(c) }));

    it.each(results.map(({ c, r }) => [c.name, r] as const))('%s ends within its budget with a verdict and a reason', (_name, r) => {
      expect(['correct', 'incorrect', 'unknown', 'invalid']).toContain(r.verdict);
      expect(r.reason.length).toBeGreaterThan(5);
      expect(r.work ?? 0).toBeLessThanOrEqual(workBudget);
    });

    it('never calls a wrong answer correct', () => {
      for (const { c, r } of results) if (c.true !== true) expect(r.verdict, `${c.name}: ${r.reason}`).not.toBe('correct');
    });

    it('never calls a right answer incorrect', () => {
      for (const { c, r } of results) if (c.true === true) expect(r.verdict, `${c.name}: ${r.reason}`).not.toBe('incorrect');
    });

    more?.();
  });
}
