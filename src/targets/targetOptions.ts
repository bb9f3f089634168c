import type { Rng } from '../util/rng.js';

/** What `createTarget` needs besides the spec; apart from the registry so that a target's own folder can import it. */
export interface OpenAIOptions {
  readonly baseURL?: string;
  readonly promptTemplate?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeoutMs?: number;
  readonly retries?: number;
  /** false: no response cache. */
  readonly cache?: boolean;
  /** Longest response body read (default 2 MB). */
  readonly maxResponseBytes?: number;
}

export interface TargetOptions {
  /** Problems (or requests) in flight at once. */
  readonly concurrency: number;
  /** Time allowed per problem, for CAS and command targets. */
  readonly timeLimitMs?: number;
  /** The run directory, where the OpenAI response cache lives. */
  readonly outDir?: string;
  /** For the OpenAI target's backoff jitter. */
  readonly rng?: Rng;
  readonly openai?: OpenAIOptions;
}
