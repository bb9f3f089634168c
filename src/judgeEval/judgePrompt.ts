import type { LabelledPair } from './judgeEvalTypes.js';

/** The line a judge model must end with; anything else is no verdict (see `parseJudgeReply`). */
export const VERDICT_LINES = { correct: 'FINAL VERDICT: CORRECT', incorrect: 'FINAL VERDICT: INCORRECT' } as const;

/**
 * The chat messages asking a model to judge one pair, in the manner of μ-MATH's judge prompt: the
 * task, the problem and the answer to evaluate, what counts as correct (equality of the derivative
 * up to the form, never a close value), room to reason, and a fixed final line to end with.
 */
export function judgePrompt(pair: Pick<LabelledPair, 'problem' | 'answer'>): { role: 'system' | 'user'; content: string }[] {
  const user = [
    'You will be given an integration problem and a proposed answer to it. Judge whether the proposed answer is correct.',
    '',
    `Problem: find an antiderivative F(x) of f(x) = ${pair.problem}`,
    `Proposed answer: F(x) = ${pair.answer}`,
    '',
    'The answer is correct when its derivative equals f(x) for every real x where f is defined. It may differ from',
    'the usual form by an additive constant or be written differently (log(2*x) instead of log(x) + log(2), a',
    'trigonometric identity, log(-x) where x < 0). It is incorrect when its derivative differs from f(x) anywhere,',
    'however slightly: a coefficient off by one, a missing factor from the chain rule, a wrong sign, a factor of',
    '1.000001. Expressions use ^ or ** for powers and log for the natural logarithm.',
    '',
    'Reason step by step as much as you need. Then end your reply with exactly one of these two lines, and nothing after it:',
    VERDICT_LINES.correct,
    VERDICT_LINES.incorrect,
  ].join('\n');
  return [
    { role: 'system', content: 'You are a careful grader of calculus answers.' },
    { role: 'user', content: user },
  ];
}
