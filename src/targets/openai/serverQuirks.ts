import type { OpenAITargetSettings } from './openaiTargetTypes.js';
import type { AttemptOutcome, CompletionRequestBody } from './requestCompletions.js';

export type ChatMessage = { role: 'system' | 'user'; content: string };

/**
 * What the servers behind a target have shown about themselves, learnt from their answers and used
 * by every request built after: they ignore or refuse `n` > 1 (then each sample is its own
 * request), or want `max_completion_tokens` instead of `max_tokens` (or the other way round).
 */
export class ServerQuirks {
  /** The token-limit field requests are sent with now. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Whether a server was found to ignore or refuse `n` > 1. */
  nUnsupported = false;

  constructor(private readonly settings: OpenAITargetSettings) {
    this.maxTokensField = settings.maxTokensField;
  }

  /** A request's body as the servers are known to want it now. */
  bodyFor(messages: ChatMessage[], n: number): CompletionRequestBody {
    const s = this.settings;
    return {
      model: s.model,
      messages,
      n: this.nUnsupported ? 1 : n,
      ...(s.temperature !== undefined ? { temperature: s.temperature } : {}),
      ...(s.maxTokens !== undefined ? { maxTokens: s.maxTokens } : {}),
      maxTokensField: this.maxTokensField,
      ...(s.extraBody !== undefined ? { extraBody: s.extraBody } : {}),
    };
  }

  /** What a server revealed by its answer to `sent`. */
  learn(sent: CompletionRequestBody, outcome: AttemptOutcome): void {
    // Choices sent empty were sent all the same: they say nothing about `n`.
    if (sent.n > 1 && outcome.ok && outcome.choices.length + (outcome.empty ?? 0) < sent.n) this.nUnsupported = true;
    if (sent.n > 1 && !outcome.ok && outcome.kind === 'rejected' && outcome.status === 400 && !mentionsTokenField(outcome.error)) this.nUnsupported = true;
    if (
      !outcome.ok &&
      outcome.kind === 'rejected' &&
      sent.maxTokens !== undefined &&
      sent.maxTokensField === this.maxTokensField &&
      mentionsTokenField(outcome.error)
    ) {
      this.maxTokensField = sent.maxTokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
    }
  }
}

/** A 400 about the token-limit parameter ("Unsupported parameter: 'max_tokens' … use 'max_completion_tokens'"). */
export function mentionsTokenField(error: string): boolean {
  return /max_completion_tokens|max_tokens/.test(error);
}
