import type { TokenUsage } from '../types.js';

/** The shapes a chat-completions call is made of: what is sent, one attempt's outcome, the call's result. */

export interface CompletionChoice {
  /** The message content ('' when the server sent none). */
  readonly content: string;
  /**
   * The message had no text content at all (`content: null` or no field): not an empty answer of the
   * model but nothing to read (see answerFromCompletion).
   */
  readonly noContent?: boolean;
  /** A reasoning model's separate thinking (`reasoning_content` or `reasoning`), if sent. */
  readonly reasoning?: string;
  readonly finishReason?: string;
}

export type CompletionResult =
  | { readonly ok: true; readonly choices: readonly CompletionChoice[]; readonly usage?: TokenUsage; readonly latencyMs: number }
  | {
      readonly ok: false;
      /** `timeout`: the last attempt ran out of time; `rejected`: a 4xx that retrying cannot fix; `error`: anything else. */
      readonly kind: 'timeout' | 'rejected' | 'error' | 'aborted';
      readonly error: string;
      readonly status?: number;
      readonly latencyMs: number;
    };

export interface CompletionRequestBody {
  readonly model: string;
  readonly messages: readonly { readonly role: 'system' | 'user'; readonly content: string }[];
  readonly n: number;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly maxTokensField: 'max_tokens' | 'max_completion_tokens';
  readonly extraBody?: Readonly<Record<string, unknown>>;
}

export type AttemptOutcome =
  /** `empty`: choices the server sent without any text (`emptyCompletion`), left out of `choices`. */
  | { readonly ok: true; readonly choices: CompletionChoice[]; readonly usage?: TokenUsage; readonly empty?: number }
  | {
      readonly ok: false;
      readonly retryable: boolean;
      readonly kind: 'timeout' | 'rejected' | 'error' | 'aborted';
      readonly error: string;
      readonly status?: number;
      readonly retryAfterMs?: number;
    };
