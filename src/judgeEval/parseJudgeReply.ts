import type { JudgeVerdict } from './judgeEvalTypes.js';
import { VERDICT_LINES } from './judgePrompt.js';

/**
 * A judge model's verdict, read strictly: the reply's last non-empty line must be exactly
 * `FINAL VERDICT: CORRECT` or `FINAL VERDICT: INCORRECT` (surrounding spaces aside), and no
 * other line may give a final verdict. Anything else (no verdict line, lower case, markdown around
 * it, two verdicts, text after it) is `unknown`: a judge that does not follow the format is not
 * guessed at.
 */
export function parseJudgeReply(reply: string): { verdict: JudgeVerdict; reason: string } {
  const lines = reply
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return { verdict: 'unknown', reason: 'empty reply' };
  const verdictLines = lines.filter((l) => /final\s+verdict/i.test(l));
  const last = lines[lines.length - 1];
  if (verdictLines.length > 1) return { verdict: 'unknown', reason: `${verdictLines.length} final verdict lines` };
  if (last === VERDICT_LINES.correct) return { verdict: 'correct', reason: last };
  if (last === VERDICT_LINES.incorrect) return { verdict: 'incorrect', reason: last };
  return {
    verdict: 'unknown',
    reason: verdictLines.length === 0 ? 'no final verdict line' : `the reply does not end with the verdict line as asked: ${JSON.stringify(last.slice(0, 80))}`,
  };
}
