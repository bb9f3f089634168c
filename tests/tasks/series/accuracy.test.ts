import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledTaskPairs, type LabelledSeriesPair } from '../../../testkit/readLabelledTaskPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../../testkit/scoreVerdicts.js';
import { verifySeriesStrings } from '../../../src/tasks/series/verifySeriesStrings.js';

// Labels come from SymPy's series and SymPy's own check of each answer (bench/python/make_series_set.py),
// never from the verifier under test; see tests/fixtures/labelled/README.md.
const FIXTURE = fileURLToPath(new URL('../../fixtures/labelled/series.jsonl', import.meta.url));
const MAX_UNDECIDED_RATE = 0.03;

function listing(title: string, judged: readonly Judged[]): string {
  return `${title} (${judged.length}):\n${judged.slice(0, 30).map(describeJudged).join('\n')}`;
}

describe('series verifier accuracy on the labelled set', () => {
  let pairs: LabelledSeriesPair[] = [];
  let score: Score;

  beforeAll(() => {
    pairs = readLabelledTaskPairs(FIXTURE, 'series');
    const judged = pairs.map((pair) => {
      const r = verifySeriesStrings(pair.problem, pair.point, pair.order, pair.answer);
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
    const families = new Set(pairs.map((p) => p.family.split('/')[1]));
    for (const hard of ['wrong_high_coefficient', 'term_beyond_order', 'expanded_at_zero']) expect(families).toContain(hard);
    expect(pairs.filter((p) => p.point !== '0').length).toBeGreaterThan(pairs.length * 0.2);
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
