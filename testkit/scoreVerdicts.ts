import type { Verdict } from '../src/verify/types.js';
import type { LabelledPair } from './readLabelledPairs.js';

/** A pair and the verdict some verifier gave it. */
export interface Judged {
  readonly pair: LabelledPair;
  readonly verdict: Verdict;
  readonly reason?: string;
}

/** Accuracy of a verifier against the labels, in the terms of the project's targets. */
export interface Score {
  readonly pairs: number;
  readonly incorrectPairs: number;
  /** `incorrect` pairs the verifier called `correct` (the costly mistake: a failure goes unseen). */
  readonly falseCorrect: readonly Judged[];
  /** `correct` pairs the verifier called `incorrect` (a false failure would enter the archive). */
  readonly falseIncorrect: readonly Judged[];
  /** Verdicts `correct` or `incorrect`. */
  readonly decided: number;
  /** Verdicts `unknown` or `invalid`. */
  readonly undecided: readonly Judged[];
  readonly invalid: number;
  readonly falseCorrectRate: number;
  readonly wrongDecidedRate: number;
  readonly undecidedRate: number;
}

export function scoreVerdicts(judged: readonly Judged[]): Score {
  const falseCorrect = judged.filter((j) => j.pair.label === 'incorrect' && j.verdict === 'correct');
  const falseIncorrect = judged.filter((j) => j.pair.label === 'correct' && j.verdict === 'incorrect');
  const undecided = judged.filter((j) => j.verdict === 'unknown' || j.verdict === 'invalid');
  const decided = judged.length - undecided.length;
  const incorrectPairs = judged.filter((j) => j.pair.label === 'incorrect').length;
  return {
    pairs: judged.length,
    incorrectPairs,
    falseCorrect,
    falseIncorrect,
    decided,
    undecided,
    invalid: judged.filter((j) => j.verdict === 'invalid').length,
    falseCorrectRate: ratio(falseCorrect.length, incorrectPairs),
    wrongDecidedRate: ratio(falseCorrect.length + falseIncorrect.length, decided),
    undecidedRate: ratio(undecided.length, judged.length),
  };
}

function ratio(n: number, d: number): number {
  return d === 0 ? 0 : n / d;
}

/** One line per judged pair, for failure messages. */
export function describeJudged(j: Judged): string {
  const reason = j.reason ? ` (${j.reason})` : '';
  return `${j.pair.id} [${j.pair.family}] label=${j.pair.label} verdict=${j.verdict}${reason}\n    f = ${j.pair.problem}\n    F = ${j.pair.answer}`;
}
