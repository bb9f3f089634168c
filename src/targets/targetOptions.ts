import type { Task } from '../tasks/task.js';
import type { Rng } from '../util/rng.js';

/** What `createTarget` needs besides the spec; apart from the registry so that a target's own folder can import it. */
export interface OpenAIOptions {
  /**
   * One endpoint or several: each string may list URLs separated by commas, `URL#N` capping one at
   * N requests in flight (`--base-url`, repeatable). Default: `$OPENAI_BASE_URL`, else the OpenAI API.
   */
  readonly baseURL?: string | readonly string[];
  readonly promptTemplate?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeoutMs?: number;
  readonly retries?: number;
  /** false: no response cache. */
  readonly cache?: boolean;
  /** Longest response body read (default 2 MB). */
  readonly maxResponseBytes?: number;
  /** Send each `solve` as one job of the Batch API (files and batches endpoints) instead of chat requests. */
  readonly batch?: boolean;
  /** USD per million input tokens (`--price-input`); overrides the pricing file's. */
  readonly priceInput?: number;
  /** USD per million output tokens (`--price-output`); overrides the pricing file's. */
  readonly priceOutput?: number;
  /** A JSON pricing file (`--prices`): `{"input": USD, "output": USD, "batch"?: {"input", "output"}}` per million tokens. */
  readonly pricesFile?: string;
}

/**
 * A Batch API job that was created and whose results were not yet read: what a caller keeps (in a
 * run's checkpoint) so that a killed run waits for the same job instead of paying for a second one.
 * Plain JSON; holds no secret.
 */
export interface BatchJobRecord {
  /** The endpoint's base URL, credentials hidden, as `Target.describe()` lists it. */
  readonly endpoint: string;
  /** The batch id the endpoint gave (`batch_…`). */
  readonly id: string;
  /** Completion requests in the job. */
  readonly requests: number;
  /** ISO time the job was created. */
  readonly created: string;
  /** The uploaded input file the job was made from (`file-…`), when known. */
  readonly inputFileId?: string;
}

/**
 * A job about to be created: its input file is uploaded and the create call is going out. Kept until
 * the job's id is known, so that a run killed before the endpoint's reply finds the job again (by its
 * input file) instead of creating a second one. Plain JSON; holds no secret.
 */
export interface BatchJobIntent {
  /** The endpoint's base URL, credentials hidden. */
  readonly endpoint: string;
  /** The uploaded input file (`file-…`): a job made from it is this one. */
  readonly inputFileId: string;
  readonly requests: number;
  /** ISO time the create call was made. */
  readonly created: string;
}

/** How a caller keeps the batch jobs in flight across a kill (`--batch` only). */
export interface BatchJobHooks {
  /** Jobs a killed run had in flight: a `solve` needing their requests waits for them instead of creating new ones. */
  readonly resume?: readonly BatchJobRecord[];
  /**
   * Jobs a killed run was creating when it stopped: each is looked for on its endpoint (the job made
   * from its input file) and, when found, waited for like a job of `resume`.
   */
  readonly resumeIntents?: readonly BatchJobIntent[];
  /**
   * Called before a job's create call goes out; awaited, so that the intent is written durably
   * before the endpoint can have made the job.
   */
  readonly onCreating?: (intent: BatchJobIntent) => void | Promise<void>;
  /**
   * Called as soon as a job exists on the endpoint (created, or found again from an intent), before
   * it is waited for; awaited, so the record can be written durably first. It replaces the intent of
   * the same input file. A throw does not stop the job (it is waited for all the same), but a later
   * run that was not told of it may create another.
   */
  readonly onCreated?: (job: BatchJobRecord) => void | Promise<void>;
  /** Called when an intent is known to have made no job (the endpoint refused the create, or has no job from that file). */
  readonly onAbandoned?: (intent: BatchJobIntent) => void | Promise<void>;
  /** Called once the job's results are read and cached (not when the wait was aborted or gave up). */
  readonly onFinished?: (job: BatchJobRecord) => void | Promise<void>;
}

export interface TargetOptions {
  /** Problems (or requests) in flight at once. */
  readonly concurrency: number;
  /** Time allowed per problem, for CAS and command targets. */
  readonly timeLimitMs?: number;
  /**
   * `cmd:` targets: extra time a freshly started program gets for its first answer, beyond
   * `timeLimitMs` (loading a model). Default 30 s.
   */
  readonly startupTimeoutMs?: number;
  /** The run directory, where the OpenAI response cache lives. */
  readonly outDir?: string;
  /** For the OpenAI target's backoff jitter. */
  readonly rng?: Rng;
  readonly openai?: OpenAIOptions;
  /** With `openai.batch`: keeping batch jobs across a kill. */
  readonly batchJobs?: BatchJobHooks;
  /**
   * The task the target is asked (`--task`): how problems are written for it and its answers read.
   * Default integrate. A CAS that cannot do the task refuses to be made, saying which can.
   */
  readonly task?: Task;
}
