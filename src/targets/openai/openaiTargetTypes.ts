import type { ExtractOptions } from '../../answer/extractAnswer.js';
import type { Task } from '../../tasks/task.js';
import type { Limiter } from '../../util/limiter.js';
import type { Rng } from '../../util/rng.js';
import type { TokenPrices } from '../costOf.js';
import type { BatchJobHooks, BatchJobRecord } from '../targetOptions.js';
import type { Target, TargetStats } from '../types.js';
import type { BackoffOptions } from './backoff.js';
import type { BatchPollOptions } from './batchCallContext.js';
import type { EndpointHealthOptions, EndpointStats } from './endpointPool.js';
import type { EndpointSpec } from './parseEndpointList.js';
import type { PromptTemplate } from './promptTemplates.js';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAITargetOptions {
  readonly model: string;
  /**
   * One endpoint, or several separated by commas, `URL#N` capping one at N requests in flight.
   * Default: `OPENAI_BASE_URL` (read the same way), else the OpenAI API. Ignored when `endpoints` is given.
   */
  readonly baseURL?: string;
  /** The endpoints, already parsed (`parseEndpointList`). */
  readonly endpoints?: readonly EndpointSpec[];
  /** When an endpoint of several is taken out of service and for how long. */
  readonly health?: Partial<EndpointHealthOptions>;
  /** Default: `OPENAI_API_KEY`. Kept in memory only; never written, logged or put in an error. */
  readonly apiKey?: string;
  /** Where `OPENAI_*` are read from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Default: AntiderivBench's prompt. */
  readonly prompt?: PromptTemplate;
  /** Not sent when undefined (the server's default applies). */
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** OpenAI's newer models want `max_completion_tokens`; switched automatically when a server says so. */
  readonly maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** More request parameters (`top_p`, `seed`, `reasoning_effort` …), sent as given and part of the cache key. */
  readonly extraBody?: Readonly<Record<string, unknown>>;
  /** Open requests at once (default 8). Ignored when `limiter` is given. */
  readonly concurrency?: number;
  readonly limiter?: Limiter;
  /** Retries after the first attempt (default 4). */
  readonly retries?: number;
  /** Per attempt, whole response included (default 300 s: reasoning models are slow). */
  readonly requestTimeoutMs?: number;
  readonly backoff?: Partial<BackoffOptions>;
  /** JSON Lines response cache, e.g. `<run dir>/cache/openai.jsonl`; no cache when undefined. */
  readonly cacheFile?: string;
  /**
   * Longest response body read (default 2 MB); a longer one is cut there and counts as a transport
   * error (retried). Also the longest line the response cache reads or writes.
   */
  readonly maxResponseBytes?: number;
  /** The HTTP client's fetch, wrapped in the byte limit (default: the global fetch). */
  readonly fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** For backoff jitter (default: a generator seeded with 'openai-backoff'). */
  readonly rng?: Rng;
  readonly extract?: ExtractOptions;
  /** USD per million tokens; each answer that carries a request's usage then carries its cost too. */
  readonly prices?: TokenPrices;
  /** The task asked (default integrate): its wording of a built-in prompt, its reading of answers. */
  readonly task?: Task;
  /** Present: each `solve` goes out as one job of the Batch API instead of chat requests. */
  readonly batch?: BatchModeOptions;
}

/** The Batch API mode (`--batch`). */
export interface BatchModeOptions {
  /** Keeping jobs across a kill: the jobs a killed run left, and where to record new ones. */
  readonly hooks?: BatchJobHooks;
  readonly poll?: Partial<BatchPollOptions>;
  /** Most requests in one job (default 50,000, OpenAI's limit). */
  readonly maxRequestsPerJob?: number;
}

/** Everything that shapes the requests, for config.json. Holds no secret. */
export interface OpenAITargetSettings {
  readonly model: string;
  /** The endpoints' base URLs, credentials hidden, separated by commas. */
  readonly baseURL: string;
  /** Each endpoint with its cap, credentials hidden. */
  readonly endpoints: readonly EndpointSpec[];
  readonly batch: boolean;
  readonly prices?: TokenPrices;
  readonly prompt: PromptTemplate;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly maxTokensField: 'max_tokens' | 'max_completion_tokens';
  readonly extraBody?: Readonly<Record<string, unknown>>;
  readonly retries: number;
  readonly requestTimeoutMs: number;
  readonly cacheFile?: string;
  readonly maxResponseBytes: number;
}

/**
 * `requests`: HTTP attempts, or with `batch` the requests of the jobs whose results were read;
 * `errors`: answers lost to transport faults other than timeouts; `timeouts`: answers whose requests
 * kept timing out (these answers have status `error` too, see `failureAnswer`).
 */
export interface OpenAITargetStats extends TargetStats {
  /** Attempts that were retries of an earlier attempt. */
  readonly retries: number;
  /** Answers served from the cache file + answers fetched. */
  readonly answers: number;
  /** Whether the server was found to ignore or refuse `n` > 1 (then each sample is its own request). */
  readonly nUnsupported: boolean;
  /** Failed attempts sent on at once to another endpoint (no retry used). */
  readonly failovers: number;
  /** Batch jobs created (`--batch`). */
  readonly batchJobs: number;
  /** USD at the given prices; null without prices. */
  readonly cost: number | null;
  /** Per endpoint, in the order given: requests, errors, tokens, cool-downs, time out of service. */
  readonly endpoints: readonly EndpointStats[];
}

export interface OpenAITarget extends Target {
  readonly settings: OpenAITargetSettings;
  stats(): OpenAITargetStats;
  /** Batch jobs created or resumed whose results were not read yet (`--batch`; empty otherwise). */
  batchJobsInFlight(): BatchJobRecord[];
}
