import { extractAnswer, type ExtractedAnswer, type ExtractOptions } from '../../answer/extractAnswer.js';
import type { AnswerReading } from '../../tasks/answerReading.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { Task } from '../../tasks/task.js';
import { admitParameters } from '../../tasks/admitParameters.js';
import type { ParameterLetter } from '../../expr/parameters.js';
import type { TargetAnswer, TokenUsage } from '../types.js';
import type { CompletionChoice } from './completionTypes.js';
import { emptyCompletion } from './emptyCompletion.js';

/**
 * Turn one completion choice into an answer. The content is what is read; a reasoning model's
 * separate thinking only when the content is empty (some servers put everything there). A response
 * cut at the token limit counts only with an explicit box or final-answer line.
 *
 * A message with nothing to read is never the model's answer, let alone its failure:
 * - withheld by the provider's content filter: not judged (asking again gets the same filter);
 * - cut at the token limit before anything visible was written: not judged; raise `--max-tokens`;
 * - any other empty message (`content: ""` or `null`: a server fault, a tool call nobody asked
 *   for): a transport `error`, asked again. Requests normally retry these before an answer is made
 *   (`emptyCompletion`); this covers what reaches here another way (a cache written by an older
 *   version).
 */
export function answerFromCompletion(
  choice: CompletionChoice,
  latencyMs: number,
  usage: TokenUsage | undefined,
  extract: ExtractOptions = {},
  task: Task = integrateTask,
  parameters: readonly ParameterLetter[] = [],
): TargetAnswer {
  const text = choice.content.trim() !== '' ? choice.content : (choice.reasoning ?? '');
  const base = { text, latencyMs, ...(usage !== undefined ? { tokenUsage: usage } : {}) };
  if (text.trim() === '') {
    if (choice.finishReason === 'content_filter') {
      return { ...base, status: 'unjudged', error: "the response was withheld by the provider's content filter: not an answer of the model, not judged" };
    }
    if (choice.finishReason === 'length') {
      const content = choice.noContent === true ? 'content: null' : 'content: ""';
      return {
        ...base,
        status: 'unjudged',
        error: `the token limit was used up before the model wrote any answer (${content}, finish_reason: length): not judged; raise --max-tokens`,
      };
    }
    return { ...base, status: 'error', error: emptyCompletion(choice, usage) ?? 'the server sent an empty completion: not an answer, asked again' };
  }
  // The task reads the answer, through the extractor (its answer span is kept as `extracted`).
  let got: ExtractedAnswer | undefined;
  const reading = task.readAnswer(
    text,
    admitParameters((t, read): AnswerReading => {
      got = extractAnswer(t, { ...extract, ...(read !== undefined ? { read } : {}), truncated: choice.finishReason === 'length' });
      return got.ok ? { status: 'ok', expr: got.expr } : { status: got.status, error: got.error };
    }, parameters),
    'model',
  );
  const span = got?.answer;
  if (reading.status === 'ok') {
    return {
      ...base,
      status: 'ok',
      expr: reading.expr,
      ...(span !== undefined ? { extracted: span } : {}),
      ...(reading.note !== undefined ? { note: reading.note } : {}),
    };
  }
  return { ...base, status: reading.status, error: reading.error, ...(span !== undefined ? { extracted: span } : {}) };
}
