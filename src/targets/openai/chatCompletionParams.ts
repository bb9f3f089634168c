import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { CompletionRequestBody } from './completionTypes.js';

/** Parameters sagga sets itself are not taken from `extraBody` (an `n` there would break sample counting). */
const RESERVED = new Set(['model', 'messages', 'n', 'stream', 'stream_options', 'temperature', 'max_tokens', 'max_completion_tokens']);

/**
 * The JSON body of one chat-completions request, the same whether it is sent over HTTP or as a line
 * of a batch job: `extraBody` first, then sagga's own parameters over it.
 */
export function chatCompletionParams(body: CompletionRequestBody): ChatCompletionCreateParamsNonStreaming {
  const extra = body.extraBody === undefined ? {} : Object.fromEntries(Object.entries(body.extraBody).filter(([k]) => !RESERVED.has(k)));
  return {
    ...extra,
    model: body.model,
    messages: body.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(body.n > 1 ? { n: body.n } : {}),
    ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
    ...(body.maxTokens !== undefined ? { [body.maxTokensField]: body.maxTokens } : {}),
    stream: false,
  } as ChatCompletionCreateParamsNonStreaming;
}
