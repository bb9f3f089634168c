import OpenAI from 'openai';
import { parseRetryAfter } from './backoff.js';
import { tooLargeIn } from './limitedFetch.js';
import type { AttemptOutcome } from './completionTypes.js';

/**
 * What an error thrown by the OpenAI client means for sagga: retry on 408/409/429/5xx, connection
 * failures, timeouts and unreadable or oversized bodies; a 4xx that retrying cannot fix is
 * `rejected`. Used for chat completions and for the files and batches calls alike.
 */
export function classifyRequestError(err: unknown): Extract<AttemptOutcome, { ok: false }> {
  // A body cut at --max-response-bytes: counted as a transport fault, retried like one (the answer
  // is never judged from a truncated body, and a model is not blamed for what sagga refused to read).
  const tooLarge = tooLargeIn(err);
  if (tooLarge !== undefined) return { ok: false, retryable: true, kind: 'error', error: tooLarge.message };
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return { ok: false, retryable: true, kind: 'timeout', error: 'request timed out' };
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return { ok: false, retryable: true, kind: 'error', error: `connection error${causeChain(err.cause)}` };
  }
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const status = err.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const retryAfterMs = parseRetryAfter(err.headers instanceof Headers ? err.headers : undefined);
    return {
      ok: false,
      retryable,
      kind: retryable ? 'error' : 'rejected',
      error: err.message.startsWith(String(status)) ? `HTTP ${err.message}` : `HTTP ${status}: ${err.message}`,
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  // Unreadable JSON, a body cut short, a fetch TypeError: server or network trouble, worth another try.
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { ok: false, retryable: true, kind: 'error', error: `malformed or interrupted response (${message})` };
}

/**
 * The messages of an error's causes, outermost first: fetch reports only "fetch failed" and keeps
 * what went wrong (`connect ECONNREFUSED 127.0.0.1:9`) one cause further down.
 */
function causeChain(cause: unknown): string {
  const messages: string[] = [];
  for (let c = cause, depth = 0; c instanceof Error && depth < 4; c = c.cause, depth++) {
    if (c.message !== '' && !messages.includes(c.message)) messages.push(c.message);
  }
  return messages.map((m) => `: ${m}`).join('');
}
