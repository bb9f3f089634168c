import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledPairs, type LabelledPair } from '../../testkit/readLabelledPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../testkit/scoreVerdicts.js';
import { verifyBatch } from '../../src/verify/verifyBatch.js';

// Answers right on part of the real domain only, and their correct counterparts, labelled by SymPy and
// mpmath at points on both sides of every singularity and branch point (bench/python/make_domain_traps.py),
// never by the verifier under test; see tests/fixtures/labelled/README.md.
const FIXTURE = fileURLToPath(new URL('../fixtures/labelled/domain-traps.jsonl', import.meta.url));
const MAX_FALSE_CORRECT_RATE = 0.001;
const MAX_UNDECIDED_RATE = 0.02;
const SHOW = 40;

function listing(title: string, judged: readonly Judged[]): string {
  return `${title} (${judged.length}):\n${judged.slice(0, SHOW).map(describeJudged).join('\n')}`;
}

describe('verifier on answers right on part of the domain only', () => {
  let pairs: LabelledPair[] = [];
  let score: Score;

  beforeAll(async () => {
    pairs = readLabelledPairs(FIXTURE);
    const results = await verifyBatch(pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer })));
    score = scoreVerdicts(pairs.map((pair, i) => ({ pair, verdict: results[i].verdict, reason: results[i].reason })));
  });

  it('the fixture holds every kind of trap and of correct counterpart', () => {
    expect(pairs.length).toBeGreaterThan(2000);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    expect(score.incorrectPairs).toBeGreaterThan(700);
    const families = new Set(pairs.map((p) => p.family));
    for (const family of [
      'abs_log',
      'sqrt_square',
      'acosh',
      'atanh_abs',
      'asin_abs',
      'asec',
      'log_quadratic_abs',
      'odd_root_abs',
      'abs_root',
      'sqrt_everywhere_complex',
    ]) {
      expect(families, family).toContain(family);
    }
    for (const family of [
      'log_complex_ok',
      'log_negative_ok',
      'atanh_ok',
      'atan_ok',
      'atan_reciprocal_ok',
      'acosh_complex_ok',
      'odd_root_ok',
      'log_everywhere_complex_ok',
    ]) {
      expect(families, family).toContain(family);
    }
  });

  it(`calls at most ${MAX_FALSE_CORRECT_RATE * 100}% of the incorrect pairs correct`, () => {
    expect(score.falseCorrectRate, listing('incorrect pairs called correct', score.falseCorrect)).toBeLessThanOrEqual(MAX_FALSE_CORRECT_RATE);
  });

  it('calls none of the correct pairs incorrect', () => {
    expect(score.falseIncorrect.length, listing('correct pairs called incorrect', score.falseIncorrect)).toBe(0);
  });

  it(`leaves at most ${MAX_UNDECIDED_RATE * 100}% of the pairs unknown`, () => {
    expect(score.undecidedRate, listing('pairs left unknown or invalid', score.undecided)).toBeLessThanOrEqual(MAX_UNDECIDED_RATE);
  });
});
