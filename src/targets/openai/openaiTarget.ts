import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { ExtractOptions } from '../../answer/extractAnswer.js';
import { createRng, type Rng } from '../../util/rng.js';
import { answerFromCompletion } from './answerFromCompletion.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { createLimiter, type Limiter } from './limiter.js';
import { PROMPT_TEMPLATES, renderPrompt, type PromptTemplate } from './promptTemplates.js';
import { redactSecret } from './redactSecret.js';
import { DEFAULT_MAX_RESPONSE_BYTES, limitedFetch } from './limitedFetch.js';
import { createRedactor, environmentSecrets } from '../../util/redactSecrets.js';
import { requestCompletions, type AttemptOutcome, type CompletionChoice, type CompletionRequestBody, type CompletionResult } from './requestCompletions.js';
import { cacheKey, openResponseCache, type CachedCompletion, type ResponseCache } from './responseCache.js';
import type { ProblemOutcome, Target, TargetAnswer, TargetProblem, TargetSettings, TargetStats, TokenUsage } from '../types.js';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAITargetOptions {
  readonly model: string;
  /** Default: `OPENAI_BASE_URL`, else the OpenAI API. */
  readonly baseURL?: string;
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
}

/** Everything that shapes the requests, for config.json. Holds no secret. */
export interface OpenAITargetSettings {
  readonly model: string;
  readonly baseURL: string;
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
}

export interface OpenAITarget extends Target {
  readonly settings: OpenAITargetSettings;
  stats(): OpenAITargetStats;
}

/** Where a run keeps its OpenAI response cache. */
export function openAICacheFile(runDir: string): string {
  return `${runDir.replace(/\/+$/, '')}/cache/openai.jsonl`;
}

/**
 * A model behind an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp,
 * OpenRouter …). Each problem is sent with the prompt template; k samples are asked for with `n` = k
 * in one request and, where a server ignores or refuses `n`, with k separate requests. Answers are
 * read by `extractAnswer`. Transport faults that survive the retries, timeouts included, become
 * `error` answers, never model failures. Throws only on configuration errors (no API key for the OpenAI API).
 */
export function openaiTarget(opts: OpenAITargetOptions): OpenAITarget {
  const env = opts.env ?? process.env;
  const baseURL = (opts.baseURL ?? nonEmpty(env.OPENAI_BASE_URL) ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  const secret = opts.apiKey ?? nonEmpty(env.OPENAI_API_KEY);
  if (secret === undefined && baseURL === DEFAULT_OPENAI_BASE_URL) {
    throw new Error('OPENAI_API_KEY is not set (needed for the OpenAI API; local servers may do without)');
  }
  if (opts.model.trim() === '') throw new Error('openai target needs a model name, as openai:<model>');
  const settings: OpenAITargetSettings = {
    model: opts.model,
    // Credentials written into the URL (http://user:pass@host) must not reach config.json.
    baseURL: baseURL.replace(/\/\/[^/@]*@/, '//[redacted]@'),
    prompt: opts.prompt ?? PROMPT_TEMPLATES.antiderivbench,
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    maxTokensField: opts.maxTokensField ?? 'max_tokens',
    ...(opts.extraBody !== undefined ? { extraBody: opts.extraBody } : {}),
    retries: opts.retries ?? 4,
    requestTimeoutMs: opts.requestTimeoutMs ?? 300_000,
    ...(opts.cacheFile !== undefined ? { cacheFile: opts.cacheFile } : {}),
    maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  if (!Number.isInteger(settings.maxResponseBytes) || settings.maxResponseBytes < 1) {
    throw new Error(`openai target: the response limit must be a positive number of bytes, got ${settings.maxResponseBytes}`);
  }
  // Local servers (vLLM, Ollama) accept any key; the client insists on one.
  // Bodies are streamed through a byte counter and cut at the limit: a 100 MB reply costs 2 MB.
  const fetch = limitedFetch(settings.maxResponseBytes, opts.fetch);
  const client = new OpenAI({ apiKey: secret ?? 'sk-none', baseURL, maxRetries: 0, timeout: settings.requestTimeoutMs + 1_000, fetch });
  const limiter = opts.limiter ?? createLimiter(opts.concurrency ?? 8);
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...(opts.backoff ?? {}) };
  const rng = opts.rng ?? createRng('openai-backoff');

  let maxTokensField = settings.maxTokensField;
  let nUnsupported = false;
  let closed = false;
  let cache: Promise<ResponseCache | undefined> | undefined;
  const counters = { requests: 0, retries: 0, errors: 0, timeouts: 0, cacheHits: 0, answers: 0 };
  const tokens = { prompt: 0, completion: 0, total: 0 };

  const openCache = (): Promise<ResponseCache | undefined> => {
    cache ??=
      settings.cacheFile === undefined
        ? Promise.resolve(undefined)
        : openResponseCache(settings.cacheFile, {
            maxLineBytes: settings.maxResponseBytes,
            // The key a model echoes, or any key-shaped string, never reaches the file.
            redact: createRedactor([secret, ...environmentSecrets(env)]),
          });
    return cache;
  };

  const messagesFor = (problem: TargetProblem): { role: 'system' | 'user'; content: string }[] => [
    ...(settings.prompt.system !== undefined ? [{ role: 'system' as const, content: settings.prompt.system }] : []),
    { role: 'user' as const, content: renderPrompt(settings.prompt.user, problem) },
  ];

  const keyParams = {
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    extraBody: settings.extraBody,
  };

  /**
   * One request for up to `n` samples. The body is built per attempt: once a server has shown that it
   * ignores or refuses `n`, or wants `max_completion_tokens`, queued requests adapt before they are sent.
   */
  const call = async (messages: { role: 'system' | 'user'; content: string }[], n: number, signal: AbortSignal | undefined): Promise<CompletionResult> => {
    const body = (): CompletionRequestBody => ({
      model: settings.model,
      messages,
      n: nUnsupported ? 1 : n,
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
      maxTokensField,
      ...(settings.extraBody !== undefined ? { extraBody: settings.extraBody } : {}),
    });
    const learn = (sent: CompletionRequestBody, outcome: AttemptOutcome): void => {
      if (sent.n > 1 && outcome.ok && outcome.choices.length < sent.n) nUnsupported = true;
      if (sent.n > 1 && !outcome.ok && outcome.kind === 'rejected' && outcome.status === 400 && !mentionsTokenField(outcome.error)) nUnsupported = true;
      if (!outcome.ok && outcome.kind === 'rejected' && sent.maxTokens !== undefined && sent.maxTokensField === maxTokensField && mentionsTokenField(outcome.error)) {
        maxTokensField = sent.maxTokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
      }
    };
    for (let attempt = 0; ; attempt++) {
      const result = await requestCompletions(body, {
        client,
        limiter,
        retries: settings.retries,
        timeoutMs: settings.requestTimeoutMs,
        backoff,
        rng,
        secret,
        ...(signal !== undefined ? { signal } : {}),
        onAttempt: () => counters.requests++,
        onRetry: () => counters.retries++,
        onOutcome: learn,
      });
      if (result.ok) {
        if (result.usage !== undefined) {
          tokens.prompt += result.usage.prompt;
          tokens.completion += result.usage.completion;
          tokens.total += result.usage.total;
        }
        return result;
      }
      // Refused for the token-limit field: `learn` has switched it (or a concurrent request had); once more.
      if (attempt === 0 && result.kind === 'rejected' && settings.maxTokens !== undefined && mentionsTokenField(result.error)) continue;
      return result;
    }
  };

  const answerFrom = (choice: CompletionChoice, latencyMs: number, usage: TokenUsage | undefined): TargetAnswer => {
    counters.answers++;
    return answerFromCompletion(choice, latencyMs, usage, opts.extract);
  };

  // A request that keeps timing out is reported as `error`, not `timeout`: over HTTP a slow network or
  // an overloaded server looks the same as a slow model, and a failure must never be claimed on that.
  const failureAnswer = (result: Extract<CompletionResult, { ok: false }>): TargetAnswer => {
    counters.answers++;
    if (result.kind === 'timeout') counters.timeouts++;
    else counters.errors++;
    const error = redactSecret(result.kind === 'timeout' ? `timed out: ${result.error}` : result.error, secret);
    return { status: 'error', text: '', error, latencyMs: result.latencyMs };
  };

  const solveOne = async (problem: TargetProblem, k: number, signal: AbortSignal | undefined, store: ResponseCache | undefined): Promise<ProblemOutcome> => {
    const messages = messagesFor(problem);
    const keys = store === undefined ? [] : Array.from({ length: k }, (_, sample) => cacheKey({ model: settings.model, baseURL, messages, params: keyParams, sample }));
    const answers: (TargetAnswer | undefined)[] = new Array(k).fill(undefined);
    for (let i = 0; i < k && store !== undefined; i++) {
      const hit = store.get(keys[i]);
      if (hit !== undefined) {
        counters.cacheHits++;
        answers[i] = answerFrom(toChoice(hit), 0, undefined);
      }
    }
    const fill = (indices: readonly number[], result: CompletionResult): number[] => {
      if (!result.ok) {
        for (const i of indices) answers[i] = failureAnswer(result);
        return [];
      }
      const used = Math.min(indices.length, result.choices.length);
      for (let j = 0; j < used; j++) {
        const choice = result.choices[j];
        // The request's usage is charged to its first answer, so per-answer sums equal the bill.
        const usage = j === 0 ? result.usage : undefined;
        if (store !== undefined) {
          // The thinking is only ever read when the content is empty; keep the cache small otherwise.
          const kept = choice.content.trim() === '' ? choice : { content: choice.content, ...(choice.finishReason !== undefined ? { finishReason: choice.finishReason } : {}) };
          store.put({ key: keys[indices[j]], ...kept, ...(usage !== undefined ? { usage } : {}) });
        }
        answers[indices[j]] = answerFrom(choice, result.latencyMs, usage);
      }
      return indices.slice(used);
    };

    let missing = answers.flatMap((a, i) => (a === undefined ? [i] : []));
    if (missing.length > 1 && !nUnsupported) {
      const result = await call(messages, missing.length, signal);
      // A 400 to n > 1 ("n must be 1"): ask one sample at a time below. Fewer choices than asked
      // (the server ignores n): the rest one at a time as well.
      if (result.ok || result.kind !== 'rejected' || result.status !== 400) missing = fill(missing, result);
    }
    if (missing.length > 0) {
      await Promise.all(missing.map(async (i) => fill([i], await call(messages, 1, signal))));
    }
    return { id: problem.id, answers: answers.map((a) => a ?? { status: 'error', text: '', error: 'no answer was recorded', latencyMs: 0 }) };
  };

  return {
    name: `openai:${settings.model}`,
    settings,
    // One attempt's limit: a health check waits that long, not for every retry as well.
    timeLimitMs: settings.requestTimeoutMs,
    describe: () => describeSettings(settings),
    async solve(problems, k, signal) {
      if (closed) throw new Error('openai target is closed');
      if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
      const store = await openCache();
      return Promise.all(problems.map((p) => solveOne(p, k, signal, store)));
    },
    stats() {
      return {
        requests: counters.requests,
        errors: counters.errors,
        timeouts: counters.timeouts,
        restarts: 0,
        cacheHits: counters.cacheHits,
        tokens: { ...tokens },
        retries: counters.retries,
        answers: counters.answers,
        nUnsupported,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      const store = await cache;
      await store?.close();
    },
  };
}

function toChoice(c: CachedCompletion): CompletionChoice {
  return { content: c.content, ...(c.reasoning !== undefined ? { reasoning: c.reasoning } : {}), ...(c.finishReason !== undefined ? { finishReason: c.finishReason } : {}) };
}

/** A 400 about the token-limit parameter ("Unsupported parameter: 'max_tokens' … use 'max_completion_tokens'"). */
function mentionsTokenField(error: string): boolean {
  return /max_completion_tokens|max_tokens/.test(error);
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== '' ? s.trim() : undefined;
}

/**
 * The settings that shape the answers, for config.json (`Target.describe`): no key, the base URL
 * without credentials, a built-in prompt by name and any other by its name and a hash of its text.
 */
function describeSettings(settings: OpenAITargetSettings): TargetSettings {
  const builtIn = PROMPT_TEMPLATES[settings.prompt.name];
  const sameAsBuiltIn = builtIn !== undefined && builtIn.user === settings.prompt.user && builtIn.system === settings.prompt.system;
  const hash = createHash('sha256')
    .update(JSON.stringify([settings.prompt.system ?? null, settings.prompt.user]))
    .digest('hex')
    .slice(0, 16);
  return {
    model: settings.model,
    base_url: settings.baseURL,
    prompt_template: sameAsBuiltIn ? settings.prompt.name : `${settings.prompt.name} (sha256:${hash})`,
    temperature: settings.temperature ?? null,
    max_tokens: settings.maxTokens ?? null,
    request_timeout_ms: settings.requestTimeoutMs,
    retries: settings.retries,
    cache: settings.cacheFile !== undefined,
    max_response_bytes: settings.maxResponseBytes,
  };
}
