import { beforeAll, describe, expect, it } from 'vitest';
import { readLabelledTaskPairs, type LabelledTaskPair } from '../../../testkit/readLabelledTaskPairs.js';
import { describeJudged, scoreVerdicts, type Judged, type Score } from '../../../testkit/scoreVerdicts.js';
import type { Verdict } from '../../../src/verify/types.js';

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
    let score: Score;

    beforeAll(() => {
      pairs = readLabelledTaskPairs(spec.fixture, spec.task);
      score = scoreVerdicts(pairs.map((pair) => ({ pair, ...spec.verify(pair) })));
    });

    it('the set has at least 300 pairs of both labels, with the hard cases', () => {
      expect(pairs.length).toBeGreaterThanOrEqual(300);
      expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
      const incorrect = pairs.filter((p) => p.label === 'incorrect').length;
      expect(incorrect).toBeGreaterThan(pairs.length * 0.3);
      expect(incorrect).toBeLessThan(pairs.length * spec.maxIncorrectShare);
      spec.hardCases(pairs);
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
