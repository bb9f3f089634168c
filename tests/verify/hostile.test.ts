import { describe, expect, it } from 'vitest';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { HOSTILE_ANSWERS } from '../../testkit/hostileAnswers.js';

/** A wide budget: verdicts are what is checked, and the default 50 ms per pair is wall time a loaded machine can use up. */
const ROOMY = { budgetMs: 5000 };

describe('hostile answers', () => {
  const results = HOSTILE_ANSWERS.map(([name, answer]) => {
    const r = verifyStrings('2*x', answer, ROOMY);
    return { name, ...r };
  });

  it.each(results.map((r) => [r.name, r] as const))('%s is refused or judged incorrect', (_name, r) => {
    expect(['invalid', 'incorrect']).toContain(r.verdict);
    expect(r.reason.length).toBeGreaterThan(5);
  });

  it('executes nothing', () => {
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  });

  it('the same hostile strings as problems are refused too', () => {
    for (const [, text] of HOSTILE_ANSWERS) {
      const r = verifyStrings(text, 'x', ROOMY);
      expect(['invalid', 'incorrect', 'unknown']).toContain(r.verdict);
    }
  });

  it('a wrong but harmless answer in the middle of hostile ones is still judged on its merits', () => {
    expect(verifyStrings('2*x', 'x^2', ROOMY).verdict).toBe('correct');
    expect(verifyStrings('2*x', 'x^3', ROOMY).verdict).toBe('incorrect');
  });
});
