import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { verifyLimitStrings } from '../../../src/tasks/limit/verifyLimitStrings.js';
import { describeVerifierAccuracy } from '../helpers/verifierAccuracy.js';

// Labels come from SymPy's limit from each side, checked with mpmath (bench/python/make_limit_set.py),
// never from the verifier under test; see tests/fixtures/labelled/README.md.
describeVerifierAccuracy({
  task: 'limit',
  fixture: fileURLToPath(new URL('../../fixtures/labelled/limit.jsonl', import.meta.url)),
  verify: (pair) => verifyLimitStrings(pair.problem, pair.point, pair.direction, pair.answer),
  maxUndecidedRate: 0.03,
  maxIncorrectShare: 0.7,
  hardCases: (pairs) => {
    const families = new Set(pairs.map((p) => p.family.split('/')[0]));
    // One-sided limits that differ, oscillating non-limits, cancellation at infinity, 0·oo and oo−oo, divergence.
    for (const hard of ['abs_over_x', 'sin_inverse', 'x_sin_x', 'sqrt_cancellation', 'x_log_x', 'reciprocal_difference', 'log_at_zero'])
      expect(families).toContain(hard);
    expect(pairs.filter((p) => p.answer === 'DNE' && p.label === 'correct').length).toBeGreaterThanOrEqual(10);
    expect(pairs.filter((p) => p.family.endsWith('/one_side_for_two')).length).toBeGreaterThanOrEqual(5);
  },
  // The verdicts are checked on a seeded fifth of the set that keeps a pair of every family, every
  // kind of wrong answer, both labels and every point and side; the whole set is counted by
  // `npm run bench:verify` (its limit section).
  subset: {
    seed: 'limit-accuracy',
    strata: (p) => {
      const [family, variant] = p.family.split('/');
      return [`family ${family}`, `variant ${variant}`, `label ${p.label}`, `at ${p.point} from ${p.direction}`];
    },
  },
});
