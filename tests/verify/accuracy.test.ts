import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledPairs, type LabelledPair } from '../../testkit/readLabelledPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../testkit/scoreVerdicts.js';
import { verifyBatch } from '../../src/verify/verifyBatch.js';

// Labels come from an independent SymPy/mpmath oracle (bench/python/oracle.py), never from the
// verifier under test; see tests/fixtures/labelled/README.md.
const FIXTURE = fileURLToPath(new URL('../fixtures/labelled/pairs.jsonl', import.meta.url));

const MAX_FALSE_CORRECT_RATE = 0.001;
const MAX_WRONG_DECIDED_RATE = 0.005;
const MAX_UNDECIDED_RATE = 0.02;
const SHOW = 40;

function listing(title: string, judged: readonly Judged[]): string {
  const shown = judged.slice(0, SHOW).map(describeJudged).join('\n');
  const more = judged.length > SHOW ? `\n  … and ${judged.length - SHOW} more` : '';
  return `${title} (${judged.length}):\n${shown}${more}`;
}

describe('verifier accuracy on the labelled fixture', () => {
  let pairs: LabelledPair[] = [];
  let score: Score;

  beforeAll(async () => {
    pairs = readLabelledPairs(FIXTURE);
    // The default budget, counted in work: a loaded machine cannot turn pairs into unknowns, so the
    // undecided rate measures the verifier, not the load.
    const results = await verifyBatch(pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer })));
    expect(results).toHaveLength(pairs.length);
    score = scoreVerdicts(pairs.map((pair, i) => ({ pair, verdict: results[i].verdict, reason: results[i].reason })));
  });

  it('the fixture is a few thousand pairs of both labels, including the paper examples', () => {
    expect(pairs.length).toBeGreaterThan(3000);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
    expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
    expect(incorrect).toBeLessThan(pairs.length * 0.7);
    expect(pairs.filter((p) => p.family === 'paper')).toHaveLength(42);
  });

  it(`calls at most ${MAX_FALSE_CORRECT_RATE * 100}% of incorrect pairs correct`, () => {
    expect(score.falseCorrectRate, listing('incorrect pairs called correct', score.falseCorrect)).toBeLessThanOrEqual(MAX_FALSE_CORRECT_RATE);
  });

  it(`gets at most ${MAX_WRONG_DECIDED_RATE * 100}% of decided verdicts wrong`, () => {
    const wrong = [...score.falseCorrect, ...score.falseIncorrect];
    expect(score.wrongDecidedRate, listing('decided verdicts that disagree with the label', wrong)).toBeLessThanOrEqual(MAX_WRONG_DECIDED_RATE);
  });

  it(`leaves at most ${MAX_UNDECIDED_RATE * 100}% of pairs unknown`, () => {
    expect(score.undecidedRate, listing('pairs left unknown or invalid', score.undecided)).toBeLessThanOrEqual(MAX_UNDECIDED_RATE);
  });

  it('parses every pair of the fixture (all of it is whitelisted syntax)', () => {
    const invalid = score.undecided.filter((j) => j.verdict === 'invalid');
    expect(invalid.length, listing('pairs called invalid', invalid)).toBe(0);
  });
});
