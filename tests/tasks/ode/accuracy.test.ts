import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledTaskPairs, type LabelledOdePair } from '../../../testkit/readLabelledTaskPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../../testkit/scoreVerdicts.js';
import { verifyOdeStrings } from '../../../src/tasks/ode/verifyOdeStrings.js';
import { parseParameterAssumptions } from '../../../src/verify/parameterAssumptions.js';

// Labels come from SymPy (dsolve, checkodesol) and mpmath (bench/python/make_ode_set.py), never from
// the verifier under test; see tests/fixtures/labelled/README.md.
const FIXTURE = fileURLToPath(new URL('../../fixtures/labelled/ode.jsonl', import.meta.url));
const MAX_UNDECIDED_RATE = 0.03;

function listing(title: string, judged: readonly Judged[]): string {
  return `${title} (${judged.length}):\n${judged.slice(0, 30).map(describeJudged).join('\n')}`;
}

describe('ode verifier accuracy on the labelled set', () => {
  let pairs: LabelledOdePair[] = [];
  let score: Score;

  beforeAll(() => {
    pairs = readLabelledTaskPairs(FIXTURE, 'ode');
    const judged = pairs.map((pair) => {
      const parameters = parseParameterAssumptions(pair.parameters);
      if (!parameters.ok) throw new Error(`${pair.id}: ${parameters.error}`);
      const r = verifyOdeStrings(pair.problem, pair.conditions, pair.answer, { parameters: parameters.parameters });
      return { pair, verdict: r.verdict, reason: r.reason };
    });
    score = scoreVerdicts(judged);
  });

  it('the set has at least 300 pairs of both labels, with the hard cases', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
    expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
    expect(incorrect).toBeLessThan(pairs.length * 0.75);
    const variants = new Set(pairs.map((p) => p.family.split('/')[1]));
    // General against particular solutions, redundant and missing constants, wrong constants in
    // conditions, solutions right on half the line only, answers right only for A = 1.
    for (const hard of ['particular_for_general', 'redundant_constants', 'three_constants', 'constant_dropped', 'general_for_ivp', 'ivp_wrong_value', 'ivp_wrong_slope', 'log_not_abs', 'square_not_abs', 'sqrt_not_signed', 'dsolve_right_half_only', 'at_a_equals_one']) {
      expect(variants).toContain(hard);
    }
    expect(pairs.filter((p) => p.conditions.length === 0).length).toBeGreaterThan(100);
    expect(pairs.filter((p) => p.conditions.length === 2).length).toBeGreaterThan(50);
    expect(pairs.filter((p) => p.parameters !== undefined).length).toBeGreaterThan(30);
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
