import { Decimal } from 'decimal.js';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDefinitePairs, type DefinitePair } from '../../../testkit/readDefinitePairs.js';
import { verifyDefinitePairs } from '../../../testkit/verifyDefinitePairs.js';
import { readDefiniteAnswer } from '../../../src/tasks/definite/readDefiniteAnswer.js';
import type { DefiniteResult } from '../../../src/tasks/definite/types.js';
import { coverStrata } from '../helpers/coverStrata.js';

// Labels come from SymPy and mpmath (bench/python/make_definite_set.py), never from the verifier under
// test; see tests/fixtures/labelled/README.md.
const SET = fileURLToPath(new URL('../../fixtures/labelled/definite.jsonl', import.meta.url));
const PENDING = fileURLToPath(new URL('../../fixtures/labelled/definite-pending.jsonl', import.meta.url));

const MAX_UNDECIDED_RATE = 0.02;
const SUBSET_SEED = 'definite-accuracy';
const SHOW = 30;

interface Judged {
  readonly pair: DefinitePair;
  readonly result: DefiniteResult;
}

function listing(title: string, judged: readonly Judged[]): string {
  const lines = judged
    .slice(0, SHOW)
    .map(
      ({ pair: p, result: r }) =>
        `${p.id} [${p.family}] label=${p.label} verdict=${r.verdict}: ∫ ${p.problem} from ${p.lower} to ${p.upper} = ${p.answer}\n    ${r.reason}`,
    );
  return `${title} (${judged.length}):\n${lines.join('\n')}${judged.length > SHOW ? `\n  … and ${judged.length - SHOW} more` : ''}`;
}

/**
 * The verdicts are checked on a seeded subset of the problems, each with every answer the set gives
 * for it, that keeps at least one problem of every family and an answer of every variant: the cost
 * is one quadrature per problem, and the whole set's verdicts are counted by `npm run bench:verify`
 * (its definite section: incorrect called correct, correct called incorrect, unknown).
 */
function subsetOf(pairs: readonly DefinitePair[]): DefinitePair[] {
  const byProblem = new Map<string, DefinitePair[]>();
  for (const p of pairs) {
    const key = JSON.stringify([p.problem, p.lower, p.upper]);
    byProblem.set(key, [...(byProblem.get(key) ?? []), p]);
  }
  const strata = (answers: readonly DefinitePair[]) => [`family ${answers[0].family}`, ...answers.map((p) => `variant ${p.variant}`)];
  return coverStrata([...byProblem.values()], strata, SUBSET_SEED).flat();
}

function judge(pairs: readonly DefinitePair[]): Judged[] {
  const results = verifyDefinitePairs(pairs);
  return pairs.map((pair, i) => ({ pair, result: results[i] }));
}

describe('definite integrals: accuracy on the labelled set', () => {
  let pairs: DefinitePair[] = [];
  let subset: DefinitePair[] = [];
  let judged: Judged[] = [];
  let pendingReadable: DefinitePair[] = [];
  let pendingJudged: Judged[] = [];

  beforeAll(() => {
    pairs = readDefinitePairs(SET);
    subset = subsetOf(pairs);
    judged = judge(subset);
    // Answers with a named constant the reader does not know yet are judged as soon as it does.
    pendingReadable = readDefinitePairs(PENDING).filter((p) => readDefiniteAnswer(p.answer).ok);
    pendingJudged = judge(pendingReadable);
    // About a quarter of a minute of one core (work is counted, so load changes the time, never the verdicts).
  }, 1_800_000);

  it('the set is at least 500 integrals of both labels, with every kind of hard case and answer', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(500);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
    expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
    expect(incorrect).toBeLessThan(pairs.length * 0.7);
    for (const kind of ['regular/', 'endpoint/', 'infinite/', 'infinite/oscillatory', 'oscillatory/']) {
      expect(pairs.filter((p) => p.family.startsWith(kind)).length, kind).toBeGreaterThanOrEqual(20);
    }
    for (const variant of ['closed', 'other-form', 'decimal', 'decimal-off', 'sign', 'factor', 'term', 'near-rational']) {
      expect(pairs.filter((p) => p.variant === variant).length, variant).toBeGreaterThanOrEqual(20);
    }
    expect(pairs.filter((p) => p.lower.includes('oo') || p.upper.includes('oo')).length).toBeGreaterThanOrEqual(100);
    // The subset judged below keeps every family and every variant, and is a part, not the whole.
    expect(new Set(subset.map((p) => p.family))).toEqual(new Set(pairs.map((p) => p.family)));
    expect(new Set(subset.map((p) => p.variant))).toEqual(new Set(pairs.map((p) => p.variant)));
    expect(subset.length).toBeLessThan(pairs.length);
  });

  it('calls no correct answer incorrect', () => {
    const wrong = judged.filter((j) => j.pair.label === 'correct' && j.result.verdict === 'incorrect');
    expect(wrong, listing('correct answers called incorrect', wrong)).toHaveLength(0);
  });

  it('calls no wrong answer correct', () => {
    const wrong = judged.filter((j) => j.pair.label === 'incorrect' && j.result.verdict === 'correct');
    expect(wrong, listing('wrong answers called correct', wrong)).toHaveLength(0);
  });

  it(`leaves at most ${MAX_UNDECIDED_RATE * 100}% unknown, and reads every line`, () => {
    const undecided = judged.filter((j) => j.result.verdict === 'unknown' || j.result.verdict === 'invalid');
    expect(undecided.length / judged.length, listing('pairs left undecided', undecided)).toBeLessThanOrEqual(MAX_UNDECIDED_RATE);
    const invalid = judged.filter((j) => j.result.verdict === 'invalid');
    expect(invalid, listing('pairs called invalid', invalid)).toHaveLength(0);
  });

  it("keeps the quadrature's error bound honest: every correct closed form lies within it", () => {
    // A correct closed form is the exact value within its own error bound, so what is left of the
    // difference is the quadrature's error.
    const exceeded = judged.filter(({ pair, result }) => {
      if (pair.label !== 'correct' || pair.variant === 'decimal' || result.integral === undefined || result.difference === undefined) return false;
      const bound = new Decimal(result.integral.error).plus(result.answerValue?.error ?? 0).plus('1e-25');
      return new Decimal(result.difference).abs().gt(bound);
    });
    expect(exceeded, listing('errors beyond the bound', exceeded)).toHaveLength(0);
    expect(judged.filter((j) => j.result.integral !== undefined).length).toBeGreaterThan(judged.length * 0.95);
  });

  it('the reason of every decided pair gives both values and their difference', () => {
    for (const { result } of judged.filter((j) => j.result.verdict === 'correct' || j.result.verdict === 'incorrect').slice(0, 200)) {
      if (result.integral === undefined) continue; // an answer with no real value says so instead
      expect(result.reason).toContain('the integral');
      expect(result.reason).toContain('difference');
      expect(result.reason).toContain(result.difference);
    }
  });

  it('judges the pending answers the reader can now read by the same rule', () => {
    const wrong = pendingJudged.filter(
      (j) => (j.pair.label === 'correct' && j.result.verdict === 'incorrect') || (j.pair.label === 'incorrect' && j.result.verdict === 'correct'),
    );
    expect(wrong, listing('pending answers judged wrongly', wrong)).toHaveLength(0);
    expect(pendingReadable.length).toBe(pendingJudged.length);
  });
});
