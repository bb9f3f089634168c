import type OpenAI from 'openai';
import type { Redact } from '../../util/redactSecrets.js';
import type { Rng } from '../../util/rng.js';
import type { BackoffOptions } from './backoff.js';
import type { EndpointPool } from './endpointPool.js';

/** What the calls of the Batch API (files and batches endpoints) share. */
export interface BatchCallContext {
  /** The endpoints; a new job goes to the one with the fewest jobs in flight. */
  readonly pool: EndpointPool<OpenAI>;
  /** A client for endpoint `index` whose response bodies are cut at `maxBytes` (a job's files are large). */
  readonly clientFor: (index: number, maxBytes: number) => OpenAI;
  /** Longest line of a job's output file read (`--max-response-bytes`). */
  readonly maxLineBytes: number;
  /** Retries of one call after a transport fault, with backoff. */
  readonly retries: number;
  readonly backoff: BackoffOptions;
  readonly rng: Rng;
  /** Time allowed for one HTTP call. */
  readonly timeoutMs: number;
  /** Hides the API key (and anything key-shaped) in error messages. */
  readonly redact: Redact;
  /** Waiting for a job: first and longest pause between two looks, and the longest wait in all. */
  readonly poll: BatchPollOptions;
}

export interface BatchPollOptions {
  /** First pause between two looks at a job (default 5 s); each pause is 1.5 times the last. */
  readonly initialMs: number;
  /** Longest pause (default 60 s). */
  readonly maxMs: number;
  /** Longest wait for one job before its requests are given up as errors (default 25 h: the 24 h window and some). */
  readonly maxWaitMs: number;
}

export const DEFAULT_BATCH_POLL: BatchPollOptions = { initialMs: 5_000, maxMs: 60_000, maxWaitMs: 25 * 3_600_000 };
