import type { OpenAICounters } from './openaiCounters.js';
import { requestCompletions, type CompletionResult, type RequestContext } from './requestCompletions.js';
import { mentionsTokenField, type ChatMessage, type ServerQuirks } from './serverQuirks.js';

/** What `askCompletions` needs: how requests are sent, what the servers have shown, and where attempts are counted. */
export interface AskContext {
  readonly request: Omit<RequestContext, 'signal' | 'onAttempt' | 'onRetry' | 'onFailover' | 'onOutcome'>;
  readonly quirks: ServerQuirks;
  readonly counters: OpenAICounters;
  /** The token limit asked for: only then can a server refuse the field it is sent in. */
  readonly maxTokens: number | undefined;
}

/**
 * One request for up to `n` samples. The body is built per attempt: once a server has shown that it
 * ignores or refuses `n`, or wants `max_completion_tokens`, queued requests adapt before they are
 * sent. A request refused for its token-limit field is asked once more (the quirks have switched the
 * field by then, or a concurrent request had); a second refusal is the result.
 */
export async function askCompletions(messages: ChatMessage[], n: number, signal: AbortSignal | undefined, ctx: AskContext): Promise<CompletionResult> {
  const { quirks, counters } = ctx;
  for (let attempt = 0; ; attempt++) {
    const result = await requestCompletions(() => quirks.bodyFor(messages, n), {
      ...ctx.request,
      ...(signal !== undefined ? { signal } : {}),
      onAttempt: () => counters.requests++,
      onRetry: () => counters.retries++,
      onFailover: () => counters.failovers++,
      onOutcome: (sent, outcome) => quirks.learn(sent, outcome),
    });
    if (result.ok) {
      counters.countTokens(result.usage);
      return result;
    }
    if (attempt === 0 && result.kind === 'rejected' && ctx.maxTokens !== undefined && mentionsTokenField(result.error)) continue;
    return result;
  }
}
