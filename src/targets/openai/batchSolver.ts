import type { Batch } from 'openai/resources/batches';
import type { BatchJobHooks, BatchJobIntent, BatchJobRecord } from '../targetOptions.js';
import type { TokenUsage } from '../types.js';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi } from './callBatchApi.js';
import { findBatchJob } from './findBatchJob.js';
import { readBatchFile } from './readBatchFile.js';
import { readBatchResultLine } from './readBatchResultLine.js';
import type { AttemptOutcome, CompletionRequestBody, CompletionResult } from './completionTypes.js';
import { submitBatchJob } from './submitBatchJob.js';
import { waitForBatchJob } from './waitForBatchJob.js';

/** One request for `BatchSolver.complete`: its custom id (unique per request content) and how to build its body. */
export interface PendingRequest {
  readonly customId: string;
  readonly body: () => CompletionRequestBody;
}

export interface BatchSolverOptions {
  readonly hooks?: BatchJobHooks;
  /** Most requests in one job (the OpenAI Batch API takes 50,000); more are split over several jobs. */
  readonly maxRequestsPerJob?: number;
  /** Told of each job this solver created (not one found again from a killed run), for the target's counters. */
  readonly onJobCreated?: (job: BatchJobRecord) => void;
  /** Told of each job whose results were read, once (for the target's counters). */
  readonly onJobRead?: (job: BatchJobRecord) => void;
  /** Told of every result read, once (for the target's counters and what the server revealed). */
  readonly onResult?: (sent: CompletionRequestBody | undefined, outcome: AttemptOutcome) => void;
  /**
   * How long calls are gathered into one job (default 100 ms): calls made together (one per problem,
   * from a pipeline) share a job instead of each making its own.
   */
  readonly gatherMs?: number;
  /** Whether a request refused in a job should go once more in a follow-up job (the token-limit field switched). */
  readonly resendOnce?: (sent: CompletionRequestBody, outcome: AttemptOutcome) => boolean;
}

export interface BatchSolver {
  /**
   * A result for each request, by custom id: from a job a killed run left behind when it holds the
   * request, otherwise from a new job shared with every call made within `gatherMs` of this one.
   * An aborted call resolves at once (the job goes on for the other calls). Never throws: faults are results.
   */
  complete(requests: readonly PendingRequest[], signal?: AbortSignal): Promise<Map<string, CompletionResult>>;
  /** Jobs created or resumed whose results were not read yet. */
  inFlight(): BatchJobRecord[];
}

type Failure = Extract<AttemptOutcome, { ok: false }>;

/** A `complete` call waiting for the job it was gathered into. */
interface Caller {
  readonly requests: readonly PendingRequest[];
  readonly signal: AbortSignal | undefined;
  done: boolean;
  finish(results: ReadonlyMap<string, CompletionResult>): void;
}

const ABORTED_RESULT: CompletionResult = { ok: false, kind: 'aborted', error: 'aborted', latencyMs: 0 };

/**
 * The Batch API side of the OpenAI target: the `complete` calls made together become one job (split
 * past `maxRequestsPerJob`), uploaded, created, recorded through `hooks.onCreated`, waited for and read.
 * Jobs named in `hooks.resume` are looked into first, and the jobs of `hooks.resumeIntents` (a run
 * killed while creating them) are looked for on their endpoints: a request they hold is taken from
 * them, so a resumed run never creates a second job for the same requests.
 */
export function createBatchSolver(ctx: BatchCallContext, options: BatchSolverOptions = {}): BatchSolver {
  return new BatchJobs(ctx, options);
}

/** A resumed job not read yet, with the custom ids it holds once they are known. */
interface ResumableJob {
  readonly job: BatchJobRecord;
  readonly index: number;
  ids?: Promise<ReadonlySet<string> | undefined>;
}

/** One gathering's requests on their way through the jobs: those still wanted, the outcomes got, and why the others have none. */
interface Gathered {
  readonly wanted: Map<string, PendingRequest>;
  readonly got: Map<string, AttemptOutcome>;
  readonly reasons: Map<string, string>;
}

/**
 * The jobs of one solver: those a killed run left (and those whose wait was given up) until read,
 * those being waited for, results nobody has asked for yet, and the `complete` calls being gathered
 * into the next job.
 */
class BatchJobs implements BatchSolver {
  private readonly maxPerJob: number;
  private readonly hooks: BatchJobHooks;
  private readonly gatherMs: number;
  private readonly urls: string[];
  private readonly resumable = new Map<string, ResumableJob>();
  /** Results read from a job for requests nobody has asked for yet. */
  private readonly leftovers = new Map<string, AttemptOutcome>();
  private readonly running = new Map<string, { job: BatchJobRecord; results: Promise<Map<string, AttemptOutcome> | Failure> }>();
  private intentsLookedFor: Promise<void> | undefined;
  private gathering: Caller[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ctx: BatchCallContext,
    private readonly options: BatchSolverOptions,
  ) {
    this.maxPerJob = options.maxRequestsPerJob ?? 50_000;
    this.hooks = options.hooks ?? {};
    this.gatherMs = options.gatherMs ?? 100;
    this.urls = ctx.pool.stats().map((s) => s.url);
    for (const job of this.hooks.resume ?? []) {
      const index = this.urls.indexOf(job.endpoint);
      // A job on an endpoint no longer given cannot be reached: its requests are asked again.
      if (index !== -1) this.resumable.set(job.id, { job, index });
    }
  }

  complete(requests: readonly PendingRequest[], signal?: AbortSignal): Promise<Map<string, CompletionResult>> {
    return new Promise((resolve) => {
      const caller: Caller = {
        requests,
        signal,
        done: false,
        finish: (results) => {
          if (caller.done) return;
          caller.done = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(new Map(requests.map((r) => [r.customId, results.get(r.customId) ?? ABORTED_RESULT])));
        },
      };
      // A caller that stops gets its answers at once; the job goes on for the others.
      const onAbort = (): void => caller.finish(new Map());
      if (signal?.aborted) return caller.finish(new Map());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.gathering.push(caller);
      this.flushTimer ??= setTimeout(() => this.flush(), this.gatherMs);
    });
  }

  inFlight(): BatchJobRecord[] {
    return [...[...this.resumable.values()].map((e) => e.job), ...[...this.running.values()].map((r) => r.job)].filter(
      (job, i, all) => all.findIndex((j) => j.id === job.id) === i,
    );
  }

  /** The calls gathered so far become one run of jobs; each caller gets its own requests' results. */
  private flush(): void {
    this.flushTimer = undefined;
    const callers = this.gathering.filter((c) => !c.done);
    this.gathering = [];
    if (callers.length === 0) return;
    // The shared wait stops only when every caller has stopped (one search stops them all at once).
    const shared = new AbortController();
    const stopIfAllStopped = (): void => {
      if (callers.every((c) => c.done || c.signal?.aborted === true)) shared.abort();
    };
    for (const c of callers) c.signal?.addEventListener('abort', stopIfAllStopped, { once: true });
    stopIfAllStopped();
    const merged = new Map<string, PendingRequest>();
    for (const c of callers) for (const r of c.requests) if (!merged.has(r.customId)) merged.set(r.customId, r);
    void this.run([...merged.values()], shared.signal).then((results) => {
      for (const c of callers) c.signal?.removeEventListener('abort', stopIfAllStopped);
      deliver(callers, results);
    });
  }

  /** One job's worth of requests: every call made within `gatherMs` of the first. */
  private async run(requests: readonly PendingRequest[], signal: AbortSignal | undefined): Promise<Map<string, CompletionResult>> {
    const started = Date.now();
    const gathered: Gathered = { wanted: new Map(requests.map((r) => [r.customId, r])), got: new Map(), reasons: new Map() };
    this.take(this.leftovers, gathered);
    if ((this.hooks.resumeIntents ?? []).length > 0) {
      this.intentsLookedFor ??= this.findIntendedJobs(signal);
      await this.intentsLookedFor;
    }
    await this.takeFromResumedJobs(gathered, signal);
    await this.sendNewJobs(requests, gathered, signal);
    return completionResults(requests, gathered, Date.now() - started, signal, this.ctx);
  }

  /** Jobs a killed run left: wait for those that hold any of the wanted requests. */
  private async takeFromResumedJobs(gathered: Gathered, signal: AbortSignal | undefined): Promise<void> {
    const { wanted, reasons } = gathered;
    for (const [id, entry] of [...this.resumable]) {
      if (wanted.size === 0 || signal?.aborted) break;
      entry.ids ??= this.inputIds(entry.job, entry.index, signal);
      const ids = await entry.ids;
      if (ids !== undefined && ![...wanted.keys()].some((k) => ids.has(k))) continue;
      const results = await this.collect(entry.job, entry.index, new Map(), signal);
      if (results instanceof Map) {
        this.resumable.delete(id);
        noteReason(results, ids ?? new Set(wanted.keys()), wanted, reasons);
        this.take(results, gathered);
      } else {
        for (const k of ids ?? wanted.keys()) if (wanted.has(k)) reasons.set(k, results.error);
        if (results.kind === 'aborted') break;
      }
    }
  }

  /** New jobs for the rest, `maxPerJob` requests each; a request refused for the token-limit field goes once more. */
  private async sendNewJobs(requests: readonly PendingRequest[], gathered: Gathered, signal: AbortSignal | undefined): Promise<void> {
    const byId = new Map(requests.map((r) => [r.customId, r]));
    let todo = [...gathered.wanted.values()];
    for (let round = 0; round < 2 && todo.length > 0 && !signal?.aborted; round++) {
      const again: PendingRequest[] = [];
      for (let start = 0; start < todo.length && !signal?.aborted; start += this.maxPerJob) {
        const chunk = todo.slice(start, start + this.maxPerJob).map((r) => ({ customId: r.customId, body: r.body() }));
        for (const id of await this.sendJob(chunk, gathered, round === 0, signal)) {
          const request = byId.get(id);
          if (request !== undefined) again.push(request);
        }
      }
      // The first answer stays in `got` until the follow-up job replaces it.
      for (const r of again) gathered.wanted.set(r.customId, r);
      todo = again;
    }
  }

  /** Submit one job, wait for it and take its results; returns the custom ids `resendOnce` wants sent again (when `mayResend`). */
  private async sendJob(
    chunk: { customId: string; body: CompletionRequestBody }[],
    gathered: Gathered,
    mayResend: boolean,
    signal: AbortSignal | undefined,
  ): Promise<string[]> {
    const { wanted, reasons } = gathered;
    const sent = new Map(chunk.map((r) => [r.customId, r.body]));
    const submitted = await submitBatchJob(chunk, this.ctx, signal, {
      onCreating: (intent) => callHook(this.hooks.onCreating, intent),
      onAbandoned: (intent) => callHook(this.hooks.onAbandoned, intent),
    });
    if (!submitted.ok) {
      for (const r of chunk) reasons.set(r.customId, submitted.kind === 'aborted' ? 'aborted' : `creating a batch job: ${submitted.error}`);
      return [];
    }
    // Until its results are read, the job is one a later call may wait for (aborted, or the wait gave up).
    this.resumable.set(submitted.job.id, { job: submitted.job, index: submitted.index, ids: Promise.resolve(new Set(sent.keys())) });
    this.options.onJobCreated?.(submitted.job);
    await callHook(this.hooks.onCreated, submitted.job);
    const results = await this.collect(submitted.job, submitted.index, sent, signal);
    if (!(results instanceof Map)) {
      for (const r of chunk) reasons.set(r.customId, results.error);
      return [];
    }
    this.resumable.delete(submitted.job.id);
    noteReason(results, new Set(sent.keys()), wanted, reasons);
    const again: string[] = [];
    for (const [id, outcome] of results) {
      const body = sent.get(id);
      if (mayResend && body !== undefined && !outcome.ok && this.options.resendOnce?.(body, outcome)) again.push(id);
    }
    this.take(results, gathered);
    return again;
  }

  /** Move the outcomes `from` holds for wanted requests into `got`; keep the others as leftovers for a later call. */
  private take(from: ReadonlyMap<string, AttemptOutcome>, { wanted, got }: Gathered): void {
    for (const [id, outcome] of from) {
      if (id === MISSING_REASON) continue;
      if (wanted.has(id)) {
        got.set(id, outcome);
        wanted.delete(id);
        this.leftovers.delete(id);
      } else if (from !== this.leftovers) {
        this.leftovers.set(id, outcome);
      }
    }
  }

  /**
   * Jobs a killed run was creating when it stopped: the one made from each intent's input file, if
   * the endpoint made it, joins the resumable jobs (and is recorded); an intent the endpoint made
   * nothing of is dropped. One whose endpoint cannot tell is kept for a later run to look again.
   */
  private async findIntendedJobs(signal: AbortSignal | undefined): Promise<void> {
    for (const intent of this.hooks.resumeIntents ?? []) {
      const index = this.urls.indexOf(intent.endpoint);
      if (index === -1 || signal?.aborted) continue;
      const found = await findBatchJob(index, intent.inputFileId, Date.parse(intent.created), this.ctx, signal);
      if (!found.ok) continue;
      if (found.value === undefined || typeof found.value.id !== 'string') {
        await callHook(this.hooks.onAbandoned, intent);
        continue;
      }
      const job: BatchJobRecord = {
        endpoint: intent.endpoint,
        id: found.value.id,
        requests: intent.requests,
        created: intent.created,
        inputFileId: intent.inputFileId,
      };
      if (!this.resumable.has(job.id)) this.resumable.set(job.id, { job, index });
      await callHook(this.hooks.onCreated, job);
    }
  }

  /** The custom ids in a resumed job's input file; undefined when they cannot be read (then it is waited for). */
  private async inputIds(job: BatchJobRecord, index: number, signal?: AbortSignal): Promise<ReadonlySet<string> | undefined> {
    const client = this.ctx.clientFor(index, this.ctx.maxLineBytes);
    const batch = await callBatchApi(index, (s) => client.batches.retrieve(job.id, { signal: s, maxRetries: 0 }), this.ctx, signal);
    if (!batch.ok || typeof batch.value.input_file_id !== 'string') return undefined;
    const ids = new Set<string>();
    const sink = {
      line: (text: string) => {
        const m = CUSTOM_ID.exec(text);
        if (m !== null) ids.add(m[1]);
      },
      oversized: () => {},
    };
    const read = await readBatchFile(index, batch.value.input_file_id, this.ctx.maxLineBytes * (job.requests + 1), sink, this.ctx, signal);
    return read.ok ? ids : undefined;
  }

  /** Wait for a job and read its results; once per job however many callers want them. */
  private collect(
    job: BatchJobRecord,
    index: number,
    sent: ReadonlyMap<string, CompletionRequestBody>,
    signal?: AbortSignal,
  ): Promise<Map<string, AttemptOutcome> | Failure> {
    const existing = this.running.get(job.id);
    if (existing !== undefined) return existing.results;
    const results = this.waitAndRead(job, index, sent, signal);
    this.running.set(job.id, { job, results });
    void results.then(() => this.running.delete(job.id));
    return results;
  }

  /** Hold the job's endpoint while it is waited for and read, and tell the endpoint and the target what the job showed. */
  private async waitAndRead(
    job: BatchJobRecord,
    index: number,
    sent: ReadonlyMap<string, CompletionRequestBody>,
    signal?: AbortSignal,
  ): Promise<Map<string, AttemptOutcome> | Failure> {
    const lease = this.ctx.pool.hold(index);
    const waited = await waitForBatchJob(index, job.id, this.ctx, signal);
    if (!waited.ok) {
      lease.done({ health: 'neutral', requests: 0 });
      return waited;
    }
    const batch = waited.value;
    const read = await readJobResults(job, index, batch, this.ctx, signal);
    if (!(read instanceof Map)) {
      lease.done({ health: 'neutral', requests: 0 });
      return read;
    }
    // What the job says of requests it returned nothing for (failed validation, expired, cancelled).
    const why = batchFailure(batch.status, batch.errors?.data);
    let failed = 0;
    const usage = { prompt: 0, completion: 0, total: 0 };
    for (const [id, outcome] of read) {
      this.options.onResult?.(sent.get(id), outcome);
      if (outcome.ok) addUsage(usage, outcome.usage);
      else failed++;
    }
    const missing = Math.max(0, job.requests - read.size);
    // A job refused as a whole (`failed`: its input did not validate) says nothing bad about the endpoint.
    const health = read.size > 0 || batch.status === 'completed' ? 'ok' : batch.status === 'failed' ? 'neutral' : 'fault';
    lease.done({ health, requests: job.requests, failed: failed + missing, usage });
    this.options.onJobRead?.(job);
    if (why !== undefined) read.set(MISSING_REASON, { ok: false, retryable: true, kind: 'error', error: this.ctx.redact(`batch ${job.id} ${why}`) });
    await callHook(this.hooks.onFinished, job);
    return read;
  }
}

/** The custom id at the start of a line of a job's input or output file (a line too long to read whole is known by its head). */
const CUSTOM_ID = /"custom_id"\s*:\s*"([^"\\]{1,200})"/;

/** The lines of a finished job's output and error files, by custom id; a line too long is an error of its request. */
async function readJobResults(
  job: BatchJobRecord,
  index: number,
  batch: Batch,
  ctx: BatchCallContext,
  signal?: AbortSignal,
): Promise<Map<string, AttemptOutcome> | Failure> {
  const read = new Map<string, AttemptOutcome>();
  const sink = {
    line: (text: string) => {
      const r = readBatchResultLine(text);
      if (r !== undefined) read.set(r.customId, r.outcome);
    },
    oversized: (head: string) => {
      const m = CUSTOM_ID.exec(head);
      if (m !== null)
        read.set(m[1], { ok: false, retryable: true, kind: 'error', error: `response body larger than ${ctx.maxLineBytes} bytes (--max-response-bytes)` });
    },
  };
  const maxBytes = ctx.maxLineBytes * (job.requests + 1);
  for (const fileId of [batch.output_file_id, batch.error_file_id]) {
    if (typeof fileId !== 'string' || fileId === '') continue;
    const got = await readBatchFile(index, fileId, maxBytes, sink, ctx, signal);
    if (!got.ok) return got.kind === 'aborted' ? got : { ...got, error: `batch ${job.id}: reading its results: ${got.error}` };
  }
  return read;
}

/** Each request's result as a `complete` call returns it, with the reason a request has none. */
function completionResults(
  requests: readonly PendingRequest[],
  { got, reasons }: Gathered,
  latencyMs: number,
  signal: AbortSignal | undefined,
  ctx: BatchCallContext,
): Map<string, CompletionResult> {
  const out = new Map<string, CompletionResult>();
  for (const r of requests) {
    const outcome = got.get(r.customId);
    if (outcome?.ok) out.set(r.customId, { ok: true, choices: outcome.choices, ...(outcome.usage !== undefined ? { usage: outcome.usage } : {}), latencyMs });
    else if (outcome !== undefined)
      out.set(r.customId, {
        ok: false,
        kind: outcome.kind,
        error: ctx.redact(outcome.error),
        ...(outcome.status !== undefined ? { status: outcome.status } : {}),
        latencyMs,
      });
    else {
      const reason = reasons.get(r.customId) ?? (signal?.aborted ? 'aborted' : 'the batch job returned no result for this request');
      out.set(r.customId, { ok: false, kind: reason === 'aborted' ? 'aborted' : 'error', error: ctx.redact(reason), latencyMs });
    }
  }
  return out;
}

/** Hand each gathered caller the results of its own requests. */
function deliver(callers: readonly Caller[], results: ReadonlyMap<string, CompletionResult>): void {
  // A request two callers asked for was paid once: its usage goes to the first of them only.
  const delivered = new Set<string>();
  for (const c of callers) {
    const view = new Map<string, CompletionResult>();
    for (const r of c.requests) {
      const result = results.get(r.customId);
      if (result === undefined) continue;
      view.set(r.customId, result.ok && delivered.has(r.customId) ? { ok: true, choices: result.choices, latencyMs: result.latencyMs } : result);
      delivered.add(r.customId);
    }
    c.finish(view);
  }
}

/** A caller's hook: what it throws (a checkpoint that cannot be written) does not stop the job. */
async function callHook<J extends BatchJobRecord | BatchJobIntent>(hook: ((job: J) => void | Promise<void>) | undefined, job: J): Promise<void> {
  try {
    await hook?.(job);
  } catch {
    // The job goes on; a later run that was not told of it asks its requests again.
  }
}

/** Key under which `collect` leaves what the job said about requests it returned nothing for. */
const MISSING_REASON = '\u0000missing';

function noteReason(
  results: ReadonlyMap<string, AttemptOutcome>,
  ids: ReadonlySet<string>,
  wanted: ReadonlyMap<string, PendingRequest>,
  reasons: Map<string, string>,
): void {
  const why = results.get(MISSING_REASON);
  if (why === undefined || why.ok) return;
  for (const id of ids) if (wanted.has(id)) reasons.set(id, why.error);
}

function batchFailure(status: string, errors: readonly { code?: string; message?: string; line?: number | null }[] | undefined): string | undefined {
  if (status === 'completed') return undefined;
  const first = errors?.find((e) => e.message !== undefined || e.code !== undefined);
  const detail =
    first === undefined
      ? ''
      : `: ${[first.code, first.message].filter((x) => x !== undefined).join(': ')}${first.line != null ? ` (line ${first.line})` : ''}`.slice(0, 2_000);
  return `ended ${status}${detail}`;
}

function addUsage(into: { prompt: number; completion: number; total: number }, usage: TokenUsage | undefined): void {
  if (usage === undefined) return;
  into.prompt += usage.prompt;
  into.completion += usage.completion;
  into.total += usage.total;
}
