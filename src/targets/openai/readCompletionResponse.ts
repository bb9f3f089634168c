import type { TokenUsage } from '../types.js';
import type { AttemptOutcome, CompletionChoice } from './completionTypes.js';
import { emptyCompletion } from './emptyCompletion.js';

/**
 * Read a chat-completions response body (already parsed JSON, from an HTTP reply or a line of a
 * batch job's output): its choices in index order and its token usage. Anything that is not a
 * completion is a retryable transport fault, never an answer.
 */
export function readCompletionResponse(response: unknown): AttemptOutcome {
  const choices = typeof response === 'object' && response !== null ? (response as Record<string, unknown>).choices : undefined;
  if (!Array.isArray(choices)) {
    return { ok: false, retryable: true, kind: 'error', error: 'malformed response: no choices array' };
  }
  const read: { index: number; choice: CompletionChoice }[] = [];
  for (let i = 0; i < choices.length; i++) {
    const c: unknown = choices[i];
    if (typeof c !== 'object' || c === null) continue;
    const o = c as Record<string, unknown>;
    const message = typeof o.message === 'object' && o.message !== null ? (o.message as Record<string, unknown>) : {};
    const content = typeof message.content === 'string' ? message.content : '';
    // Reasoning servers (DeepSeek, vLLM, OpenRouter …) put the thinking in a non-standard field.
    const reasoning =
      typeof message.reasoning_content === 'string' ? message.reasoning_content : typeof message.reasoning === 'string' ? message.reasoning : undefined;
    const finishReason = typeof o.finish_reason === 'string' ? o.finish_reason : undefined;
    const index = typeof o.index === 'number' ? o.index : i;
    read.push({
      index,
      choice: {
        content,
        ...(typeof message.content !== 'string' ? { noContent: true } : {}),
        ...(reasoning !== undefined ? { reasoning } : {}),
        ...(finishReason !== undefined ? { finishReason } : {}),
      },
    });
  }
  if (read.length === 0) return { ok: false, retryable: true, kind: 'error', error: 'malformed response: empty choices array' };
  read.sort((a, b) => a.index - b.index);
  const usage = readUsage((response as Record<string, unknown>).usage);
  const faults = read.map((r) => emptyCompletion(r.choice, usage));
  const kept = read.filter((_, i) => faults[i] === undefined).map((r) => r.choice);
  if (kept.length === 0) return { ok: false, retryable: true, kind: 'error', error: faults[0]! };
  const empty = read.length - kept.length;
  return { ok: true, choices: kept, ...(usage ? { usage } : {}), ...(empty > 0 ? { empty } : {}) };
}

function readUsage(v: unknown): TokenUsage | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
  const prompt = n(o.prompt_tokens);
  const completion = n(o.completion_tokens);
  const total = typeof o.total_tokens === 'number' ? n(o.total_tokens) : prompt + completion;
  return { prompt, completion, total };
}
