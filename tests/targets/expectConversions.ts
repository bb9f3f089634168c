import { expect } from 'vitest';
import type { ConversionSummary } from '../../testkit/checkConversions.js';

/**
 * A CAS target's answers to many problems (checkConversions): no conversion bug, and nearly every
 * answer read back and decided.
 */
export function expectConversions(s: ConversionSummary, limits: { readonly minOk: number; readonly maxUnjudged: number }): void {
  // Every answer read back takes the values the system itself gives its printed answer, and every
  // problem sent takes the values of our tree (with a faithfulness check; none without one).
  expect(s.unfaithful).toEqual([]);
  // An answer the verifier rejects is only the system's fault when the translation was shown exact.
  expect(s.incorrect).toEqual([]);
  // Only answers sagga cannot judge (complex with no real form, a function sagga does not
  // support, a literal beyond its limits), never a transport error.
  for (const e of s.errors) expect(e).toMatch(/^unjudged: .*(?:imaginary unit.*not a model failure|which sagga does not support|sagga's own limit)/);
  expect(s.statuses.error).toBe(0);
  expect(s.statuses.unjudged).toBeLessThanOrEqual(limits.maxUnjudged);
  expect(s.statuses.ok).toBeGreaterThanOrEqual(limits.minOk);
  // Of the answers that are not the system's own mistakes, the verifier decides nearly all.
  expect(s.verdicts.correct ?? 0).toBeGreaterThanOrEqual(0.95 * (s.statuses.ok - s.systemWrong.length));
}
