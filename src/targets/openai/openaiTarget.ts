import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { ExtractOptions } from '../../answer/extractAnswer.js';
import { createRng, type Rng } from '../../util/rng.js';
import { costOf, type TokenPrices } from '../costOf.js';
import type { BatchJobHooks, BatchJobRecord } from '../targetOptions.js';
import { answerFromCompletion } from './answerFromCompletion.js';
import { emptyCompletion } from './emptyCompletion.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { DEFAULT_BATCH_POLL, type BatchCallContext, type BatchPollOptions } from './batchCallContext.js';
import { createBatchSolver, type BatchSolver, type PendingRequest } from './batchSolver.js';
import { createEndpointPool, type EndpointHealthOptions, type EndpointStats } from './endpointPool.js';
import { createLimiter, type Limiter } from '../../util/limiter.js';
import { parseEndpointList, type EndpointSpec } from './parseEndpointList.js';
import { isPromptStyle, PROMPT_TEMPLATES, promptFor, templateRefusal, type PromptTemplate } from './promptTemplates.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { Task } from '../../tasks/task.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { redactUrl } from './redactUrl.js';
import { DEFAULT_MAX_RESPONSE_BYTES, limitedFetch } from './limitedFetch.js';
import { createRedactor, environmentSecrets } from '../../util/redactSecrets.js';
import { requestCompletions, type AttemptOutcome, type CompletionChoice, type CompletionRequestBody, type CompletionResult } from './requestCompletions.js';
import { cacheKey, openResponseCache, type CachedCompletion, type ResponseCache } from './responseCache.js';
import type { ProblemOutcome, Target, TargetAnswer, TargetProblem, TargetSettings, TargetStats, TokenUsage } from '../types.js';

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

/** Where a run keeps its OpenAI response cache. */
export function openAICacheFile(runDir: string): string {
  return `${runDir.replace(/\/+$/, '')}/cache/openai.jsonl`;
}

/**
 * A model behind one or several OpenAI-compatible chat-completions endpoints (OpenAI, vLLM, SGLang,
 * Ollama, llama.cpp, OpenRouter …). Each problem is sent with the prompt template; k samples are
 * asked for with `n` = k in one request and, where a server ignores or refuses `n`, with k separate
 * requests. A request goes to the endpoint with the fewest in flight; one that keeps failing is
 * taken out for a while and its requests go elsewhere. With `batch`, each `solve` is one job of the
 * Batch API instead (one request per sample). Answers are read by `extractAnswer`. Transport faults
 * that survive the retries, timeouts included, become `error` answers, never model failures.
 * Throws only on configuration errors (no API key for the OpenAI API, a malformed endpoint list).
 */
export function openaiTarget(opts: OpenAITargetOptions): OpenAITarget {
  const env = opts.env ?? process.env;
  const specs: readonly EndpointSpec[] = opts.endpoints ?? parseEndpointList(opts.baseURL ?? nonEmpty(env.OPENAI_BASE_URL) ?? DEFAULT_OPENAI_BASE_URL);
  if (specs.length === 0) throw new Error('openai target needs at least one endpoint');
  const secret = opts.apiKey ?? nonEmpty(env.OPENAI_API_KEY);
  if (secret === undefined && specs.some((e) => e.url.replace(/\/+$/, '') === DEFAULT_OPENAI_BASE_URL)) {
    throw new Error('OPENAI_API_KEY is not set (needed for the OpenAI API; local servers may do without)');
  }
  if (opts.model.trim() === '') throw new Error('openai target needs a model name, as openai:<model>');
  if (opts.prices !== undefined && !validPrices(opts.prices)) {
    throw new Error(`openai target: prices must be finite, non-negative USD per million tokens, got input ${opts.prices.inputPerMillion}, output ${opts.prices.outputPerMillion}`);
  }
  const shown = specs.map((e) => ({ url: redactUrl(e.url), ...(e.cap !== undefined ? { cap: e.cap } : {}) }));
  const settings: OpenAITargetSettings = {
    model: opts.model,
    // Credentials written into a URL (http://user:pass@host) must not reach config.json.
    baseURL: shown.map((e) => e.url).join(','),
    endpoints: shown,
    batch: opts.batch !== undefined,
    ...(opts.prices !== undefined ? { prices: opts.prices } : {}),
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
  const task = opts.task ?? integrateTask;
  const refused = templateRefusal(settings.prompt, task);
  if (refused !== undefined) throw new Error(`openai target: ${refused}`);
  if (!Number.isInteger(settings.maxResponseBytes) || settings.maxResponseBytes < 1) {
    throw new Error(`openai target: the response limit must be a positive number of bytes, got ${settings.maxResponseBytes}`);
  }
  // Local servers (vLLM, Ollama) accept any key; the client insists on one.
  // Bodies are streamed through a byte counter and cut at the limit: a 100 MB reply costs 2 MB.
  const clientFor = (url: string, maxBytes: number): OpenAI =>
    new OpenAI({ apiKey: secret ?? 'sk-none', baseURL: url, maxRetries: 0, timeout: settings.requestTimeoutMs + 1_000, fetch: limitedFetch(maxBytes, opts.fetch) });
  const pool = createEndpointPool(
    specs.map((e) => ({ ...e, value: clientFor(e.url, settings.maxResponseBytes) })),
    opts.health,
  );
  // Replicas serve one model: the cache key names the set of endpoints, not the one that answered.
  const keyBaseURL = specs.length === 1 ? specs[0].url : specs.map((e) => e.url).sort().join(',');
  const limiter = opts.limiter ?? createLimiter(opts.concurrency ?? 8);
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...(opts.backoff ?? {}) };
  const rng = opts.rng ?? createRng('openai-backoff');

  // Error messages hide keys from 4 characters (a server may echo the key it refused); stored
  // answers only from 6, so that a short key does not blank words of an answer.
  const redactErrors = createRedactor([secret, ...environmentSecrets(env)], { minLiteral: 4 });
  const redactAnswers = createRedactor([secret, ...environmentSecrets(env)]);

  let maxTokensField = settings.maxTokensField;
  let nUnsupported = false;
  let closed = false;
  let cache: Promise<ResponseCache | undefined> | undefined;
  const counters = { requests: 0, retries: 0, errors: 0, timeouts: 0, cacheHits: 0, answers: 0, failovers: 0, batchJobs: 0 };
  const tokens = { prompt: 0, completion: 0, total: 0 };
  const countTokens = (usage: TokenUsage | undefined): void => {
    if (usage === undefined) return;
    tokens.prompt += usage.prompt;
    tokens.completion += usage.completion;
    tokens.total += usage.total;
  };

  const openCache = (): Promise<ResponseCache | undefined> => {
    cache ??=
      settings.cacheFile === undefined
        ? Promise.resolve(undefined)
        : openResponseCache(settings.cacheFile, {
            maxLineBytes: settings.maxResponseBytes,
            // The key a model echoes, or any key-shaped string, never reaches the file.
            redact: redactAnswers,
          });
    return cache;
  };

  const messagesFor = (problem: TargetProblem): { role: 'system' | 'user'; content: string }[] => [
    ...(settings.prompt.system !== undefined ? [{ role: 'system' as const, content: settings.prompt.system }] : []),
    { role: 'user' as const, content: promptFor(settings.prompt, task, problem) },
  ];

  const keyParams = {
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    extraBody: settings.extraBody,
  };

  const bodyFor = (messages: { role: 'system' | 'user'; content: string }[], n: number): CompletionRequestBody => ({
    model: settings.model,
    messages,
    n: nUnsupported ? 1 : n,
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
    maxTokensField,
    ...(settings.extraBody !== undefined ? { extraBody: settings.extraBody } : {}),
  });

  /** What a server revealed by its answer: it ignores or refuses `n`, it wants the other token-limit field. */
  const learn = (sent: CompletionRequestBody, outcome: AttemptOutcome): void => {
    // Choices sent empty were sent all the same: they say nothing about `n`.
    if (sent.n > 1 && outcome.ok && outcome.choices.length + (outcome.empty ?? 0) < sent.n) nUnsupported = true;
    if (sent.n > 1 && !outcome.ok && outcome.kind === 'rejected' && outcome.status === 400 && !mentionsTokenField(outcome.error)) nUnsupported = true;
    if (!outcome.ok && outcome.kind === 'rejected' && sent.maxTokens !== undefined && sent.maxTokensField === maxTokensField && mentionsTokenField(outcome.error)) {
      maxTokensField = sent.maxTokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
    }
  };

  /**
   * One request for up to `n` samples. The body is built per attempt: once a server has shown that it
   * ignores or refuses `n`, or wants `max_completion_tokens`, queued requests adapt before they are sent.
   */
  const call = async (messages: { role: 'system' | 'user'; content: string }[], n: number, signal: AbortSignal | undefined): Promise<CompletionResult> => {
    for (let attempt = 0; ; attempt++) {
      const result = await requestCompletions(() => bodyFor(messages, n), {
        pool,
        limiter,
        retries: settings.retries,
        timeoutMs: settings.requestTimeoutMs,
        backoff,
        rng,
        redact: redactErrors,
        ...(signal !== undefined ? { signal } : {}),
        onAttempt: () => counters.requests++,
        onRetry: () => counters.retries++,
        onFailover: () => counters.failovers++,
        onOutcome: learn,
      });
      if (result.ok) {
        countTokens(result.usage);
        return result;
      }
      // Refused for the token-limit field: `learn` has switched it (or a concurrent request had); once more.
      if (attempt === 0 && result.kind === 'rejected' && settings.maxTokens !== undefined && mentionsTokenField(result.error)) continue;
      return result;
    }
  };

  const batchContext: BatchCallContext = {
    pool,
    clientFor: (index, maxBytes) => clientFor(specs[index].url, maxBytes),
    maxLineBytes: settings.maxResponseBytes,
    retries: settings.retries,
    backoff,
    rng,
    timeoutMs: settings.requestTimeoutMs,
    redact: redactErrors,
    poll: { ...DEFAULT_BATCH_POLL, ...(opts.batch?.poll ?? {}) },
  };
  const userHooks = opts.batch?.hooks ?? {};
  const batchSolver: BatchSolver | undefined =
    opts.batch === undefined
      ? undefined
      : createBatchSolver(batchContext, {
          hooks: userHooks,
          onJobCreated: () => {
            counters.batchJobs++;
          },
          ...(opts.batch.maxRequestsPerJob !== undefined ? { maxRequestsPerJob: opts.batch.maxRequestsPerJob } : {}),
          // A job's requests count once its results are read, as its endpoint counts them.
          onJobRead: (job) => {
            counters.requests += job.requests;
          },
          onResult: (sent, outcome) => {
            if (outcome.ok) countTokens(outcome.usage);
            if (sent !== undefined) learn(sent, outcome);
          },
          resendOnce: (sent, outcome) =>
            !outcome.ok && outcome.kind === 'rejected' && sent.maxTokens !== undefined && sent.maxTokensField !== maxTokensField && mentionsTokenField(outcome.error),
        });

  const withCost = (answer: TargetAnswer): TargetAnswer =>
    settings.prices !== undefined && answer.tokenUsage !== undefined ? { ...answer, cost: costOf(answer.tokenUsage, settings.prices) } : answer;

  // An answer to a problem with parameters is written in them: its reader admits them.
  const answerFrom = (choice: CompletionChoice, latencyMs: number, usage: TokenUsage | undefined, problem: TargetProblem): TargetAnswer => {
    counters.answers++;
    return withCost(answerFromCompletion(choice, latencyMs, usage, opts.extract, task, parameterNames(problem.parameters ?? {})));
  };

  // A request that keeps timing out is reported as `error`, not `timeout`: over HTTP a slow network or
  // an overloaded server looks the same as a slow model, and a failure must never be claimed on that.
  const failureAnswer = (result: Extract<CompletionResult, { ok: false }>): TargetAnswer => {
    counters.answers++;
    if (result.kind === 'timeout') counters.timeouts++;
    else counters.errors++;
    const error = redactErrors(result.kind === 'timeout' ? `timed out: ${result.error}` : result.error);
    return { status: 'error', text: '', error, latencyMs: result.latencyMs };
  };

  /** A problem's k samples: their cache keys, and the answers the cache already holds. */
  const lookUp = (problem: TargetProblem, k: number, store: ResponseCache | undefined, alwaysKeys: boolean) => {
    const messages = messagesFor(problem);
    // An ask again of the same problem takes samples of its own: never the cached answers of the first.
    const first = Math.max(0, Math.floor(problem.repeat ?? 0)) * k;
    const keys = store === undefined && !alwaysKeys ? [] : Array.from({ length: k }, (_, i) => cacheKey({ model: settings.model, baseURL: keyBaseURL, messages, params: keyParams, sample: first + i }));
    const answers: (TargetAnswer | undefined)[] = new Array(k).fill(undefined);
    for (let i = 0; i < k && store !== undefined; i++) {
      const hit = store.get(keys[i]);
      // An empty completion an older version cached is no answer: asked again.
      if (hit !== undefined && emptyCompletion(toChoice(hit), hit.usage) === undefined) {
        counters.cacheHits++;
        answers[i] = answerFrom(toChoice(hit), 0, undefined, problem);
      }
    }
    return { messages, keys, answers };
  };

  /**
   * Answers `indices` of a problem from one result; returns the indices it had no choice for. A
   * request's usage goes to its first answer only (`charge` false: another answer already carries it).
   */
  const fill = (problem: TargetProblem, answers: (TargetAnswer | undefined)[], keys: readonly string[], store: ResponseCache | undefined, indices: readonly number[], result: CompletionResult, charge = true): number[] => {
    if (!result.ok) {
      for (const i of indices) answers[i] = failureAnswer(result);
      return [];
    }
    const used = Math.min(indices.length, result.choices.length);
    for (let j = 0; j < used; j++) {
      const choice = result.choices[j];
      // The request's usage is charged to its first answer, so per-answer sums equal the bill.
      const usage = j === 0 && charge ? result.usage : undefined;
      // A message without content is not an answer (an error or not judged): never replayed from the cache.
      if (store !== undefined && !(choice.noContent === true && (choice.reasoning ?? '').trim() === '')) {
        // The thinking is only ever read when the content is empty; keep the cache small otherwise.
        const kept = choice.content.trim() === '' ? choice : { content: choice.content, ...(choice.finishReason !== undefined ? { finishReason: choice.finishReason } : {}) };
        store.put({ key: keys[indices[j]], ...kept, ...(usage !== undefined ? { usage } : {}) });
      }
      answers[indices[j]] = answerFrom(choice, result.latencyMs, usage, problem);
    }
    return indices.slice(used);
  };

  const complete = (problem: TargetProblem, answers: readonly (TargetAnswer | undefined)[]): ProblemOutcome => ({
    id: problem.id,
    answers: answers.map((a) => a ?? { status: 'error', text: '', error: 'no answer was recorded', latencyMs: 0 }),
  });

  const solveOne = async (problem: TargetProblem, k: number, signal: AbortSignal | undefined, store: ResponseCache | undefined): Promise<ProblemOutcome> => {
    const { messages, keys, answers } = lookUp(problem, k, store, false);
    let missing = answers.flatMap((a, i) => (a === undefined ? [i] : []));
    if (missing.length > 1 && !nUnsupported) {
      const result = await call(messages, missing.length, signal);
      // A 400 to n > 1 ("n must be 1"): ask one sample at a time below. Fewer choices than asked
      // (the server ignores n): the rest one at a time as well.
      if (result.ok || result.kind !== 'rejected' || result.status !== 400) missing = fill(problem, answers, keys, store, missing, result);
    }
    if (missing.length > 0) {
      await Promise.all(missing.map(async (i) => fill(problem, answers, keys, store, [i], await call(messages, 1, signal))));
    }
    return complete(problem, answers);
  };

  /** Every sample not in the cache is one request of one batch job, its cache key its custom id. */
  const solveInBatch = async (solver: BatchSolver, problems: readonly TargetProblem[], k: number, signal: AbortSignal | undefined, store: ResponseCache | undefined): Promise<ProblemOutcome[]> => {
    const looked = problems.map((p) => lookUp(p, k, store, true));
    const pending = new Map<string, PendingRequest>();
    for (const { messages, keys, answers } of looked) {
      answers.forEach((a, i) => {
        if (a === undefined && !pending.has(keys[i])) pending.set(keys[i], { customId: keys[i], body: () => bodyFor(messages, 1) });
      });
    }
    const results = pending.size === 0 ? new Map<string, CompletionResult>() : await solver.complete([...pending.values()], signal);
    const charged = new Set<string>();
    return problems.map((problem, p) => {
      const { keys, answers } = looked[p];
      answers.forEach((a, i) => {
        if (a !== undefined) return;
        const result = results.get(keys[i]) ?? { ok: false, kind: 'error', error: 'the batch job returned no result for this request', latencyMs: 0 };
        // The same request asked twice in one call (the same problem twice) is paid once.
        fill(problem, answers, keys, store, [i], result, !charged.has(keys[i]));
        charged.add(keys[i]);
      });
      return complete(problem, answers);
    });
  };

  return {
    name: `openai:${settings.model}`,
    settings,
    // One attempt's limit: a health check waits that long, not for every retry as well. A batch
    // job answers all at once, within its completion window: the longest wait for one job.
    timeLimitMs: batchSolver !== undefined ? batchContext.poll.maxWaitMs : settings.requestTimeoutMs,
    describe: () => describeSettings(settings),
    async solve(problems, k, signal) {
      if (closed) throw new Error('openai target is closed');
      if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
      const store = await openCache();
      if (batchSolver !== undefined) return solveInBatch(batchSolver, problems, k, signal, store);
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
        cost: settings.prices !== undefined ? costOf(tokens, settings.prices) : null,
        retries: counters.retries,
        answers: counters.answers,
        nUnsupported,
        failovers: counters.failovers,
        batchJobs: counters.batchJobs,
        endpoints: pool.stats(),
      };
    },
    batchJobsInFlight: () => batchSolver?.inFlight() ?? [],
    async close() {
      if (closed) return;
      closed = true;
      pool.close();
      const store = await cache;
      await store?.close();
    },
  };
}

function validPrices(p: TokenPrices): boolean {
  return [p.inputPerMillion, p.outputPerMillion].every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0);
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
 * The settings that shape the answers, for config.json (`Target.describe`): no key, the base URLs
 * without credentials (and their caps, the Batch API mode and the prices when given), a built-in
 * prompt by name and any other by its name and a hash of its text.
 */
function describeSettings(settings: OpenAITargetSettings): TargetSettings {
  const builtIn = isPromptStyle(settings.prompt.name) ? PROMPT_TEMPLATES[settings.prompt.name] : undefined;
  const sameAsBuiltIn = builtIn !== undefined && builtIn.user === settings.prompt.user && builtIn.system === settings.prompt.system;
  const hash = createHash('sha256')
    .update(JSON.stringify([settings.prompt.system ?? null, settings.prompt.user]))
    .digest('hex')
    .slice(0, 16);
  // Keys a run made before them lacks are added only when set, so that such a run still resumes.
  const added: Record<string, string | number | boolean> = {};
  if (settings.endpoints.some((e) => e.cap !== undefined)) added.endpoint_caps = settings.endpoints.map((e) => (e.cap === undefined ? 'none' : String(e.cap))).join(',');
  if (settings.batch) added.batch = true;
  if (settings.prices !== undefined) {
    added.price_input_per_million = settings.prices.inputPerMillion;
    added.price_output_per_million = settings.prices.outputPerMillion;
  }
  return {
    model: settings.model,
    base_url: settings.baseURL,
    ...added,
    prompt_template: sameAsBuiltIn ? settings.prompt.name : `${settings.prompt.name} (sha256:${hash})`,
    temperature: settings.temperature ?? null,
    max_tokens: settings.maxTokens ?? null,
    request_timeout_ms: settings.requestTimeoutMs,
    retries: settings.retries,
    cache: settings.cacheFile !== undefined,
    max_response_bytes: settings.maxResponseBytes,
  };
}
