import type { TokenUsage } from '../types.js';
import type { CompletionChoice } from './completionTypes.js';

/**
 * Why a completion choice is a server's fault rather than an answer of the model, or undefined when
 * it is something to read. A choice with no text at all (`content: ""` or `null`, no thinking sent
 * either) is a fault: a model asked to integrate always writes something, and a replica that
 * answers nothing (a broken shard, an overloaded server cutting generation to 0 tokens) must be
 * retried elsewhere and taken out of service, never read as the model declining. Two empty choices
 * are not faults, because asking again gets the same: one withheld by the provider's content filter,
 * and one cut at the token limit after the model generated tokens it did not show (`finish_reason:
 * length` with completion tokens spent, or no usage to tell); both are read as not judged.
 */
export function emptyCompletion(choice: CompletionChoice, usage: TokenUsage | undefined): string | undefined {
  if (choice.content.trim() !== '' || (choice.reasoning ?? '').trim() !== '') return undefined;
  if (choice.finishReason === 'content_filter') return undefined;
  if (choice.finishReason === 'length' && (usage === undefined || usage.completion > 0)) return undefined;
  const content = choice.noContent === true ? 'content: null' : 'content: ""';
  const tokens = usage === undefined ? '' : `, ${usage.completion} completion tokens`;
  return `the server sent an empty completion (${content}, finish_reason: ${choice.finishReason ?? 'none'}${tokens}): not an answer, asked again`;
}
