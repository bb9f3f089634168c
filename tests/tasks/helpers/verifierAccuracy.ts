import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledTaskPairs, type LabelledTaskPair } from '../../../testkit/readLabelledTaskPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../../testkit/scoreVerdicts.js';
import type { Verdict } from '../../../src/verify/types.js';
import { coverStrata } from './coverStrata.js';

type PairOf<T extends LabelledTaskPair['task']> = Extract<LabelledTaskPair, { task: T }>;

/** How a task's verifier is held to its labelled set. */
export interface VerifierAccuracy<T extends LabelledTaskPair['task']> {
  readonly task: T;
  readonly fixture: string;
  /** The verifier under test, on one pair. */
  readonly verify: (pair: PairOf<T>) => { readonly verdict: Verdict; readonly reason: string };
  readonly maxUndecidedRate: number;
  /** The largest share of pairs labelled incorrect the set may have (its lowest is 30 %). */
  readonly maxIncorrectShare: number;
  /** What the set must hold besides its size and its labels: the task's hard cases. */
  readonly hardCases: (pairs: readonly PairOf<T>[]) => void;
  /**
   * When given, the verdicts are checked on a seeded subset that keeps a pair of every stratum
   * these name (family, kind of wrong answer, label …), for a set too slow to verify whole in the
   * suite; `npm run bench:verify` counts the verdicts on the whole set.
   */
  readonly subset?: { readonly seed: string; readonly strata: (pair: PairOf<T>) => readonly string[] };
}

function listing(title: string, judged: readonly Judged[]): string {
  return `${title} (${judged.length}):\n${judged.slice(0, 30).map(describeJudged).join('\n')}`;
}

/**
 * The accuracy tests of a task's verifier on its labelled set: at least 300 pairs of both labels
 * with the hard cases, no incorrect pair called correct, no correct pair called incorrect, and at
 * most `maxUndecidedRate` left unknown.
 */
export function describeVerifierAccuracy<T extends LabelledTaskPair['task']>(spec: VerifierAccuracy<T>): void {
  describe(`${spec.task} verifier accuracy on the labelled set`, () => {
    let pairs: PairOf<T>[] = [];
    let judged: PairOf<T>[] = [];
    let score: Score;

    beforeAll(() => {
      pairs = readLabelledTaskPairs(spec.fixture, spec.task);
      judged = spec.subset === undefined ? pairs : coverStrata(pairs, spec.subset.strata, spec.subset.seed);
      score = scoreVerdicts(judged.map((pair) => ({ pair, ...spec.verify(pair) })));
    });

    it('the set has at least 300 pairs of both labels, with the hard cases', () => {
      expect(pairs.length).toBeGreaterThanOrEqual(300);
      expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
      const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
      expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
      expect(incorrect).toBeLessThan(pairs.length * spec.maxIncorrectShare);
      spec.hardCases(pairs);
      if (spec.subset !== undefined) {
        const strata = spec.subset.strata;
        expect(new Set(judged.flatMap((p) => strata(p)))).toEqual(new Set(pairs.flatMap((p) => strata(p))));
        expect(judged.length).toBeLessThan(pairs.length);
      }
    });

    it('calls no incorrect pair correct', () => {
      expect(score.falseCorrect.length, listing('incorrect pairs called correct', score.falseCorrect)).toBe(0);
    });

    it('calls no correct pair incorrect', () => {
      expect(score.falseIncorrect.length, listing('correct pairs called incorrect', score.falseIncorrect)).toBe(0);
    });

    it(`leaves at most ${spec.maxUndecidedRate * 100}% of pairs unknown`, () => {
      expect(score.undecidedRate, listing('pairs left unknown or invalid', score.undecided)).toBeLessThanOrEqual(spec.maxUndecidedRate);
    });
  });
}
