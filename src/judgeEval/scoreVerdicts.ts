import type { Confusion, Label, PairVerdict } from './judgeEvalTypes.js';

export interface Scores {
  readonly confusion: Confusion;
  readonly tpr: number | null;
  readonly tnr: number | null;
  readonly ppv: number | null;
  readonly npv: number | null;
  readonly f1: number | null;
}

/**
 * μ-MATH's judge metrics from labels and verdicts (same order). An undecided verdict does not
 * accept: it lowers TPR on a correct pair and raises TNR on an incorrect one, and counts as a
 * predicted negative in NPV. Macro-F1 is the mean of the F1 of the `correct` class and of the
 * `incorrect` class.
 */
export function scoreVerdicts(labels: readonly Label[], verdicts: readonly PairVerdict[]): Scores {
  if (labels.length !== verdicts.length) throw new RangeError(`${labels.length} labels for ${verdicts.length} verdicts`);
  const c = { tp: 0, fn: 0, fp: 0, tn: 0, undecided_correct: 0, undecided_incorrect: 0 };
  labels.forEach((label, i) => {
    const v = verdicts[i].verdict;
    if (label === 'correct') {
      if (v === 'correct') c.tp++;
      else if (v === 'incorrect') c.fn++;
      else c.undecided_correct++;
    } else if (v === 'correct') c.fp++;
    else if (v === 'incorrect') c.tn++;
    else c.undecided_incorrect++;
  });
  const rejectedCorrect = c.fn + c.undecided_correct;
  const rejectedIncorrect = c.tn + c.undecided_incorrect;
  const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);
  const f1Correct = ratio(2 * c.tp, 2 * c.tp + c.fp + rejectedCorrect);
  const f1Incorrect = ratio(2 * rejectedIncorrect, 2 * rejectedIncorrect + rejectedCorrect + c.fp);
  return {
    confusion: c,
    tpr: ratio(c.tp, c.tp + rejectedCorrect),
    tnr: ratio(rejectedIncorrect, rejectedIncorrect + c.fp),
    ppv: ratio(c.tp, c.tp + c.fp),
    npv: ratio(rejectedIncorrect, rejectedIncorrect + rejectedCorrect),
    f1: f1Correct === null || f1Incorrect === null ? null : (f1Correct + f1Incorrect) / 2,
  };
}
