import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { verifySeriesStrings } from '../../../src/tasks/series/verifySeriesStrings.js';
import { describeVerifierAccuracy } from '../helpers/verifierAccuracy.js';

// Labels come from SymPy's series and SymPy's own check of each answer (bench/python/make_series_set.py),
// never from the verifier under test; see tests/fixtures/labelled/README.md.
describeVerifierAccuracy({
  task: 'series',
  fixture: fileURLToPath(new URL('../../fixtures/labelled/series.jsonl', import.meta.url)),
  verify: (pair) => verifySeriesStrings(pair.problem, pair.point, pair.order, pair.answer),
  maxUndecidedRate: 0.03,
  maxIncorrectShare: 0.7,
  hardCases: (pairs) => {
    const families = new Set(pairs.map((p) => p.family.split('/')[1]));
    for (const hard of ['wrong_high_coefficient', 'term_beyond_order', 'expanded_at_zero']) expect(families).toContain(hard);
    expect(pairs.filter((p) => p.point !== '0').length).toBeGreaterThan(pairs.length * 0.2);
  },
});
