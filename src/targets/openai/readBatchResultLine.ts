import { readCompletionResponse } from './readCompletionResponse.js';
import type { AttemptOutcome } from './completionTypes.js';

/** One request's result in a batch job's output or error file. */
export interface BatchResultLine {
  readonly customId: string;
  readonly outcome: AttemptOutcome;
}

/**
 * Read one line of a batch job's output or error file:
 * `{"custom_id", "response": {"status_code", "body"} | null, "error": {"code", "message"} | null}`.
 * A 200 body is read exactly as a chat-completions reply; another status is a fault like the same
 * status over HTTP (retryable or `rejected`); an `error` object is a fault of the batch. Undefined
 * for a line that is not a result (no `custom_id`): it is skipped and the request counts as missing.
 */
export function readBatchResultLine(line: string): BatchResultLine | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.custom_id !== 'string' || o.custom_id === '') return undefined;
  const customId = o.custom_id;
  const response = typeof o.response === 'object' && o.response !== null ? (o.response as Record<string, unknown>) : undefined;
  const status = typeof response?.status_code === 'number' ? response.status_code : undefined;
  if (status === 200) return { customId, outcome: readCompletionResponse(response?.body) };
  if (status !== undefined) {
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const message = errorMessage((response?.body as Record<string, unknown> | undefined)?.error) ?? 'no message';
    return { customId, outcome: { ok: false, retryable, kind: retryable ? 'error' : 'rejected', error: `HTTP ${status} in batch: ${message}`, status } };
  }
  const error = errorMessage(o.error);
  return { customId, outcome: { ok: false, retryable: true, kind: 'error', error: `batch request failed: ${error ?? 'no response and no error given'}` } };
}

function errorMessage(e: unknown): string | undefined {
  if (typeof e === 'string') return e.slice(0, 2_000);
  if (typeof e !== 'object' || e === null) return undefined;
  const o = e as Record<string, unknown>;
  const message = typeof o.message === 'string' ? o.message : undefined;
  const code = typeof o.code === 'string' ? o.code : undefined;
  if (message === undefined && code === undefined) return undefined;
  return (code !== undefined && message !== undefined ? `${code}: ${message}` : (message ?? code ?? '')).slice(0, 2_000);
}
