import type { AnswerLine, ArchiveLine } from '../run/runSchema.js';

/** Longest answer text shown in summaries (model answers can be whole essays). */
export const ANSWER_TEXT_LIMIT = 240;

/**
 * The answer to show for an entry: the first answer's parsed form when there is one, else its raw
 * text cut to a readable length; plus the verdict and the verifier's reason (the answer's, else the
 * entry's). `text` is untrusted model output: callers must escape it for their medium.
 */
export function answerSummary(entry: ArchiveLine): {
  text: string;
  truncated: boolean;
  verdict: string | null;
  reason: string | null;
  answer: AnswerLine | null;
} {
  const answer = entry.answers[0] ?? null;
  if (answer === null) return { text: '', truncated: false, verdict: null, reason: entry.reason, answer: null };
  const full = answer.answer ?? answer.text;
  const oneLine = full.replace(/\s+/g, ' ').trim();
  const truncated = oneLine.length > ANSWER_TEXT_LIMIT;
  return {
    text: truncated ? `${oneLine.slice(0, ANSWER_TEXT_LIMIT)}…` : oneLine,
    truncated,
    verdict: answer.verdict ?? answer.status,
    reason: answer.reason ?? entry.reason,
    answer,
  };
}
