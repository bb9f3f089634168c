import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import { createLimiter } from '../../util/limiter.js';
import { createRedactor, environmentSecrets } from '../../util/redactSecrets.js';
import { createRng } from '../../util/rng.js';
import { costOf } from '../costOf.js';
import type { TargetSettings } from '../types.js';
import { askCompletions, type AskContext } from './askCompletions.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { DEFAULT_BATCH_POLL, type BatchCallContext } from './batchCallContext.js';
import { createBatchSolver, type BatchSolver } from './batchSolver.js';
import { createEndpointPool, type EndpointStats } from './endpointPool.js';
import { limitedFetch } from './limitedFetch.js';
import { OpenAICounters } from './openaiCounters.js';
import type { BatchModeOptions, OpenAITarget, OpenAITargetOptions, OpenAITargetSettings, OpenAITargetStats } from './openaiTargetTypes.js';
import { isPromptStyle, PROMPT_TEMPLATES } from './promptTemplates.js';
import { resolveOpenAISettings } from './resolveOpenAISettings.js';
import { openResponseCache, type ResponseCache } from './responseCache.js';
import { SampleAnswers } from './sampleAnswers.js';
import { mentionsTokenField, ServerQuirks, type ChatMessage } from './serverQuirks.js';
import { solveByRequests } from './solveByRequests.js';
import { solveInBatch } from './solveInBatch.js';

export { DEFAULT_OPENAI_BASE_URL } from './openaiTargetTypes.js';
export type { BatchModeOptions, OpenAITarget, OpenAITargetOptions, OpenAITargetSettings, OpenAITargetStats } from './openaiTargetTypes.js';

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
  const { settings, specs, secret, task } = resolveOpenAISettings(opts, env);
  // Local servers (vLLM, Ollama) accept any key; the client insists on one.
  // Bodies are streamed through a byte counter and cut at the limit: a 100 MB reply costs 2 MB.
  const clientFor = (url: string, maxBytes: number): OpenAI =>
    new OpenAI({
      apiKey: secret ?? 'sk-none',
      baseURL: url,
      maxRetries: 0,
      timeout: settings.requestTimeoutMs + 1_000,
      fetch: limitedFetch(maxBytes, opts.fetch),
    });
  const pool = createEndpointPool(
    specs.map((e) => ({ ...e, value: clientFor(e.url, settings.maxResponseBytes) })),
    opts.health,
  );
  const limiter = opts.limiter ?? createLimiter(opts.concurrency ?? 8);
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...(opts.backoff ?? {}) };
  const rng = opts.rng ?? createRng('openai-backoff');
  // Error messages hide keys from 4 characters (a server may echo the key it refused); stored
  // answers only from 6, so that a short key does not blank words of an answer.
  const redactErrors = createRedactor([secret, ...environmentSecrets(env)], { minLiteral: 4 });
  const redactAnswers = createRedactor([secret, ...environmentSecrets(env)]);
  const quirks = new ServerQuirks(settings);
  const counters = new OpenAICounters();
  const samples = new SampleAnswers({
    settings,
    keyBaseURL: cacheKeyBaseURL(specs),
    task,
    extract: opts.extract,
    counters,
    redactErrors,
  });
  const lifecycle: { closed: boolean; cache?: Promise<ResponseCache | undefined> } = { closed: false };
  const openCache = (): Promise<ResponseCache | undefined> =>
    (lifecycle.cache ??=
      settings.cacheFile === undefined
        ? Promise.resolve(undefined)
        : // The key a model echoes, or any key-shaped string, never reaches the file.
          openResponseCache(settings.cacheFile, { maxLineBytes: settings.maxResponseBytes, redact: redactAnswers }));

  const ask: AskContext = {
    request: { pool, limiter, retries: settings.retries, timeoutMs: settings.requestTimeoutMs, backoff, rng, redact: redactErrors },
    quirks,
    counters,
    maxTokens: settings.maxTokens,
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
  const batchSolver = opts.batch === undefined ? undefined : countedBatchSolver(batchContext, opts.batch, counters, quirks);

  return {
    name: `openai:${settings.model}`,
    settings,
    // One attempt's limit: a health check waits that long, not for every retry as well. A batch
    // job answers all at once, within its completion window: the longest wait for one job.
    timeLimitMs: batchSolver !== undefined ? batchContext.poll.maxWaitMs : settings.requestTimeoutMs,
    describe: () => describeSettings(settings),
    batched: batchSolver !== undefined,
    async solve(problems, k, signal) {
      if (lifecycle.closed) throw new Error('openai target is closed');
      if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
      const store = await openCache();
      if (batchSolver !== undefined) return solveInBatch(problems, k, signal, store, { solver: batchSolver, samples, quirks });
      const solving = { samples, quirks, ask: (messages: ChatMessage[], n: number, s: AbortSignal | undefined) => askCompletions(messages, n, s, ask) };
      return Promise.all(problems.map((p) => solveByRequests(p, k, signal, store, solving)));
    },
    stats: () => targetStats(settings, counters, quirks, pool.stats()),
    batchJobsInFlight: () => batchSolver?.inFlight() ?? [],
    async close() {
      if (lifecycle.closed) return;
      lifecycle.closed = true;
      pool.close();
      const store = await lifecycle.cache;
      await store?.close();
    },
  };
}

/** The Batch API side of the target, counting its jobs, requests and tokens and learning from its results as the requests do. */
function countedBatchSolver(ctx: BatchCallContext, batch: BatchModeOptions, counters: OpenAICounters, quirks: ServerQuirks): BatchSolver {
  return createBatchSolver(ctx, {
    hooks: batch.hooks ?? {},
    onJobCreated: () => {
      counters.batchJobs++;
    },
    ...(batch.maxRequestsPerJob !== undefined ? { maxRequestsPerJob: batch.maxRequestsPerJob } : {}),
    // A job's requests count once its results are read, as its endpoint counts them.
    onJobRead: (job) => {
      counters.requests += job.requests;
    },
    onResult: (sent, outcome) => {
      if (outcome.ok) counters.countTokens(outcome.usage);
      if (sent !== undefined) quirks.learn(sent, outcome);
    },
    resendOnce: (sent, outcome) =>
      !outcome.ok &&
      outcome.kind === 'rejected' &&
      sent.maxTokens !== undefined &&
      sent.maxTokensField !== quirks.maxTokensField &&
      mentionsTokenField(outcome.error),
  });
}

function targetStats(settings: OpenAITargetSettings, counters: OpenAICounters, quirks: ServerQuirks, endpoints: EndpointStats[]): OpenAITargetStats {
  return {
    requests: counters.requests,
    errors: counters.errors,
    timeouts: counters.timeouts,
    restarts: 0,
    cacheHits: counters.cacheHits,
    tokens: { ...counters.tokens },
    cost: settings.prices !== undefined ? costOf(counters.tokens, settings.prices) : null,
    retries: counters.retries,
    answers: counters.answers,
    nUnsupported: quirks.nUnsupported,
    failovers: counters.failovers,
    batchJobs: counters.batchJobs,
    endpoints,
  };
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
  if (settings.endpoints.some((e) => e.cap !== undefined))
    added.endpoint_caps = settings.endpoints.map((e) => (e.cap === undefined ? 'none' : String(e.cap))).join(',');
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

/** The base URL that answers are cached under: several endpoints serve one model, in any order. */
function cacheKeyBaseURL(specs: readonly { readonly url: string }[]): string {
  return specs.length === 1
    ? specs[0].url
    : specs
        .map((e) => e.url)
        .sort()
        .join(',');
}
