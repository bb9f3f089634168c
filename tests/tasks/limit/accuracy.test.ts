import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledTaskPairs, type LabelledLimitPair } from '../../../testkit/readLabelledTaskPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../../testkit/scoreVerdicts.js';
import { verifyLimitStrings } from '../../../src/tasks/limit/verifyLimitStrings.js';

// Labels come from SymPy's limit from each side, checked with mpmath (bench/python/make_limit_set.py),
// never from the verifier under test; see tests/fixtures/labelled/README.md.
const FIXTURE = fileURLToPath(new URL('../../fixtures/labelled/limit.jsonl', import.meta.url));
const MAX_UNDECIDED_RATE = 0.03;

function listing(title: string, judged: readonly Judged[]): string {
  return `${title} (${judged.length}):\n${judged.slice(0, 30).map(describeJudged).join('\n')}`;
}

describe('limit verifier accuracy on the labelled set', () => {
  let pairs: LabelledLimitPair[] = [];
  let score: Score;

  beforeAll(() => {
    pairs = readLabelledTaskPairs(FIXTURE, 'limit');
    const judged = pairs.map((pair) => {
      const r = verifyLimitStrings(pair.problem, pair.point, pair.direction, pair.answer);
      return { pair, verdict: r.verdict, reason: r.reason };
    });
    score = scoreVerdicts(judged);
  });

  it('the set has at least 300 pairs of both labels, with the hard cases', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
    expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
    expect(incorrect).toBeLessThan(pairs.length * 0.7);
    const families = new Set(pairs.map((p) => p.family.split('/')[0]));
    // One-sided limits that differ, oscillating non-limits, cancellation at infinity, 0·oo and oo−oo, divergence.
    for (const hard of ['abs_over_x', 'sin_inverse', 'x_sin_x', 'sqrt_cancellation', 'x_log_x', 'reciprocal_difference', 'log_at_zero']) expect(families).toContain(hard);
    expect(pairs.filter((p) => p.answer === 'DNE' && p.label === 'correct').length).toBeGreaterThanOrEqual(10);
    expect(pairs.filter((p) => p.family.endsWith('/one_side_for_two')).length).toBeGreaterThanOrEqual(5);
  });

  it('calls no incorrect pair correct', () => {
    expect(score.falseCorrect.length, listing('incorrect pairs called correct', score.falseCorrect)).toBe(0);
  });

  it('calls no correct pair incorrect', () => {
    expect(score.falseIncorrect.length, listing('correct pairs called incorrect', score.falseIncorrect)).toBe(0);
  });

  it(`leaves at most ${MAX_UNDECIDED_RATE * 100}% of pairs unknown`, () => {
    expect(score.undecidedRate, listing('pairs left unknown or invalid', score.undecided)).toBeLessThanOrEqual(MAX_UNDECIDED_RATE);
  });
});
