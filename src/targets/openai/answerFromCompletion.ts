import { extractAnswer, type ExtractOptions } from '../../answer/extractAnswer.js';
import type { TargetAnswer, TokenUsage } from '../types.js';
import type { CompletionChoice } from './requestCompletions.js';

/**
 * Turn one completion choice into an answer. The content is what is read; a reasoning model's
 * separate thinking only when the content is empty (some servers put everything there). A response
 * cut at the token limit counts only with an explicit box or final-answer line.
 */
export function answerFromCompletion(choice: CompletionChoice, latencyMs: number, usage: TokenUsage | undefined, extract: ExtractOptions = {}): TargetAnswer {
  const text = choice.content.trim() !== '' ? choice.content : (choice.reasoning ?? '');
  const base = { text, latencyMs, ...(usage !== undefined ? { tokenUsage: usage } : {}) };
  if (text.trim() === '' && choice.finishReason === 'content_filter') {
    return { ...base, status: 'no-answer', error: 'the response was withheld by a content filter' };
  }
  const got = extractAnswer(text, { ...extract, truncated: choice.finishReason === 'length' });
  if (got.ok) return { ...base, status: 'ok', expr: got.expr, extracted: got.answer };
  return { ...base, status: got.status, error: got.error, ...(got.answer !== undefined ? { extracted: got.answer } : {}) };
}
