import type { Expr } from '../expr/types.js';
import type { TaskParams } from '../tasks/task.js';
import type { ParameterAssumptions } from '../verify/parameterAssumptions.js';

/**
 * The model under test. Implementations: in-process CAS (nerdamer, Algebrite) in worker threads,
 * subprocess CAS (SymPy, Maxima), any command speaking the `cmd:` protocol, OpenAI-compatible chat
 * endpoints. Faults are values, never throws: a target's `solve` resolves for every problem.
 */
export interface Target {
  /** Stable name as given on the command line, e.g. `nerdamer`, `openai:gpt-4o-mini`. */
  readonly name: string;
  /** Ask for up to `k` answers to each problem. Resolves with one outcome per problem, same order. */
  solve(problems: readonly TargetProblem[], k: number, signal?: AbortSignal): Promise<ProblemOutcome[]>;
  /** Counters since creation (requests, tokens, restarts, cache hits …). */
  stats(): TargetStats;
  /** Release workers, subprocesses, sockets. Idempotent. */
  close(): Promise<void>;
  /**
   * Longest one problem may take once the target is working on it (its time limit, plus any
   * start-up grace), when the target has one: a health check sizes its own deadline from it.
   */
  readonly timeLimitMs?: number;
  /**
   * True when the same problem always gets the same answers (a computer algebra system): a failure
   * found once is found again, so shrinking needs no confirming asks. Absent: not known (a model).
   */
  readonly deterministic?: boolean;
  /**
   * What the target can tell about its own health, in plain words, for the message of a failed
   * health check: a dead program's exit code and the end of its stderr, a missing library and the
   * package to install. Undefined when it has nothing to add. Never rejects.
   */
  diagnose?(): Promise<string | undefined>;
  /**
   * Why the target has given up for good (a `cmd:` program that kept dying and is no longer
   * restarted: every request now fails at once), in plain words; undefined while it still works. A
   * search stops rather than ask it more.
   */
  gaveUp?(): string | undefined;
  /**
   * Start afresh (new worker threads, a new program): called by a search whose health check the
   * target failed in the middle of a run, before it checks it again. Never rejects.
   */
  restart?(): Promise<void>;
  /**
   * Every setting that shapes the answers (time limits, model, prompt, sampling …), never a secret,
   * as plain JSON with snake_case keys: recorded in a run's config.json and compared on `--resume`.
   */
  describe(): TargetSettings;
  /**
   * True when the target sends what one `solve` is given together as one job (the Batch API): a
   * search then gives it a whole generation at once rather than `--concurrency` problems.
   */
  readonly batched?: boolean;
}

/** `Target.describe()`: JSON values only. */
export type TargetSettings = Readonly<Record<string, string | number | boolean | null>>;

export interface TargetProblem {
  /** Caller's id, echoed back (the `cmd:` protocol's `id`). */
  readonly id: string;
  readonly expr: Expr;
  /** Canonical infix, what text-based targets are sent. */
  readonly infix: string;
  /** LaTeX, for prompts. */
  readonly latex: string;
  /** The task's parameters besides the tree (bounds, point, order …); absent for integrate, which has none. */
  readonly params?: TaskParams;
  /**
   * The problem's parameters (`A`, `B` …) and what is assumed of each (`{"A": "positive"}`): its
   * answers may use them, a prompt states them, a `cmd:` request carries them. Absent without any.
   */
  readonly parameters?: ParameterAssumptions;
  /**
   * 0 (or absent) for a problem's first ask; n for its n-th repeat, which a target must answer
   * afresh, never from a cache of its earlier answers (a shrink step confirmed by a second ask).
   */
  readonly repeat?: number;
}

/**
 * What became of one answer. `ok`: an expression was extracted and parsed into `expr`.
 * `unparseable`: text came back but no whitelisted expression could be read from it.
 * `no-answer`: the model declined, returned the integral unevaluated or said it found no solution.
 * `timeout`: the model did not answer within the time limit.
 * `unjudged`: an answer was read but sagga cannot judge it (complex-valued with no real form); like a
 *   verifier's `unknown`, the problem is undecided, neither a failure nor asked again.
 * `error`: a transport or infrastructure fault that survived retries; never counted as a model failure.
 */
export type AnswerStatus = 'ok' | 'unparseable' | 'no-answer' | 'timeout' | 'unjudged' | 'error';

interface AnswerCommon {
  /** The raw text the model returned (may be empty). */
  readonly text: string;
  /**
   * The part of `text` read as the answer (inside `\boxed{}`, after "The final answer is", …), when
   * one was located; lets archives show the answer without the whole reasoning.
   */
  readonly extracted?: string;
  readonly latencyMs: number;
  readonly tokenUsage?: TokenUsage;
  /**
   * US dollars of `tokenUsage` at the prices the target was given (absent without prices or usage):
   * a request's tokens and cost are carried by its first answer, so sums over answers are the bill.
   */
  readonly cost?: number;
}

/** An answer read and parsed: `expr` is the model's answer (an antiderivative, a value, a polynomial …). */
export interface OkAnswer extends AnswerCommon {
  readonly status: 'ok';
  readonly expr: Expr;
  /** What the task's reading noticed (a symbolic answer that disagrees with the model's own numerical one); absent: nothing. */
  readonly note?: string;
}

/** Any other outcome: `error` says why there is no expression (or what went wrong). */
export interface FailedAnswer extends AnswerCommon {
  readonly status: Exclude<AnswerStatus, 'ok'>;
  readonly error: string;
}

/** What became of one answer; narrow on `status` (as `AnswerReading` in answerReading.ts). */
export type TargetAnswer = OkAnswer | FailedAnswer;

export interface ProblemOutcome {
  readonly id: string;
  readonly answers: readonly TargetAnswer[];
}

export interface TokenUsage {
  readonly prompt: number;
  readonly completion: number;
  readonly total: number;
}

export interface TargetStats {
  readonly requests: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly restarts: number;
  readonly cacheHits: number;
  readonly tokens: TokenUsage;
  /**
   * US dollars spent on `tokens` at the prices the target was given: null when it counts tokens but
   * was given no prices; absent for targets that are not billed per token.
   */
  readonly cost?: number | null;
  /** Several endpoints: how the requests spread over them, and how long each was out of service. */
  readonly endpoints?: readonly EndpointUsage[];
}

/** One endpoint of a target that spreads its requests over several (`TargetStats.endpoints`). */
export interface EndpointUsage {
  readonly url: string;
  readonly requests: number;
  readonly errors: number;
  readonly outOfServiceMs: number;
}
