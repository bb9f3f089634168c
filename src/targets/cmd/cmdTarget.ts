import type { AnswerReader } from '../answerReading.js';
import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { AnswerSource, Task } from '../../tasks/task.js';
import { admitParameters } from '../../tasks/admitParameters.js';
import { TaskUnsupported } from '../../tasks/taskUnsupported.js';
import type { ParameterLetter } from '../../expr/parameters.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { ProcessPool, type PoolResult, type ProcessPoolOptions, type ProcessPoolStats } from '../process/processPool.js';
import { readAnswerText } from './readAnswerText.js';
import { splitCommandLine } from '../process/splitCommandLine.js';
import { redactSecrets } from '../../util/redactSecrets.js';
import type { ProblemOutcome, Target, TargetAnswer, TargetProblem, TargetSettings, TargetStats } from '../types.js';
import { clip, MAX_ANSWER_CHARS } from '../../util/clip.js';

/** One request as handed to a codec. `id` is the wire id the program must echo. */
export interface CmdRequest {
  readonly id: string;
  readonly problem: TargetProblem;
  readonly k: number;
  /** The task the target is asked. */
  readonly task: Task;
}

/**
 * How requests are written and answers read. The default is the `cmd:` protocol of docs/FORMATS.md;
 * subprocess CAS targets swap in their own (Maxima reads its own syntax on stdin and answers with
 * the protocol's JSON lines).
 */
export interface CmdCodec {
  /** Lines written to every newly started process before its first request. */
  readonly preamble?: readonly string[];
  /** The request as one line (without the newline). */
  readonly encode: (request: CmdRequest) => string;
  /** One answer string, as the program wrote it. */
  readonly readAnswer: AnswerReader;
  /** Who writes the answers (a CAS prints in its own way, which the task's reading may need to know); default a model. */
  readonly source?: AnswerSource;
}

export interface CmdTargetOptions extends Omit<ProcessPoolOptions, 'argv'> {
  /** The program: a command line (split like a shell would, but never run by one) or argv. */
  readonly command: string | readonly string[];
  /** Name in archives and logs; `cmd:<command line>` by default. */
  readonly name?: string;
  /** Longest answer text kept in an outcome (the archive stores it). Default 20,000 characters. */
  readonly maxAnswerChars?: number;
  readonly codec?: CmdCodec;
  /**
   * A check of the program's own, run by `diagnose` (Maxima: can it load its share library?); its
   * plain-words finding, or undefined when all is well.
   */
  readonly diagnose?: () => Promise<string | undefined>;
  /**
   * What `describe()` reports (see `Target.describe`). Default: the command line with its secrets
   * redacted, the time limit and the start-up grace.
   */
  readonly settings?: TargetSettings;
  /** The program is a computer algebra system that answers a problem the same way every time (see `Target.deterministic`). */
  readonly deterministic?: boolean;
  /** The task asked (default integrate): the requests gain its fields, and its answers are read its way. */
  readonly task?: Task;
}

/** The `Target` counters plus what the process layer saw (see `ProcessPoolStats`). */
export interface CmdTargetStats extends TargetStats, ProcessPoolStats {}

/**
 * The `cmd:` protocol's request line: `{"id", "problem", "latex", "k"}`, and for a task other than
 * integrate its name and fields after the problem (`"task": "definite", "lower": "0", "upper": "1"`).
 */
export function encodeCmdRequest(request: CmdRequest): string {
  const { id, problem, k, task } = request;
  const { task: name, ...fields } = task.lineFields(problem.params ?? {});
  // A problem with parameters says what is assumed of each, after the task's fields.
  const parameters = problem.parameters !== undefined && Object.keys(problem.parameters).length > 0 ? { parameters: problem.parameters } : {};
  if (name === undefined) return JSON.stringify({ id, problem: problem.infix, ...parameters, latex: problem.latex, k });
  return JSON.stringify({ id, task: name, problem: problem.infix, ...fields, ...parameters, latex: problem.latex, k });
}

const defaultCodec: CmdCodec = {
  encode: encodeCmdRequest,
  readAnswer: readAnswerText,
};

/**
 * A model run by any program that speaks the `cmd:` protocol (docs/FORMATS.md): one JSON request per
 * line on its stdin, `{"id","problem","latex","k"}`; one JSON answer per line on its stdout, in any
 * order, `{"id","answers":[...]}`. Optional answer fields: `"reason"` (why the list is empty),
 * `"timeout": true` (the program gave up in time), `"error": "…"` (it could not handle the request
 * at all: not a model failure).
 *
 * The processes are run by a `ProcessPool` (restarts with backoff, re-sends, time limits, hung
 * processes killed); this layer writes the requests and reads the answers. Faults are values: every
 * problem resolves with an outcome. What is the program's doing and what is not: a program that
 * answers nothing at all during a request's time limit (stuck, not reading its input, still loading
 * past its start-up grace), closes its stdout, exits, or answers only ids it was never asked gives
 * `error`s (asked again later), never failures; `timeout` is a live program's, which answers other
 * requests but not this one, during its time limit and after it (or says `"timeout": true` itself).
 *
 * Rejects only when the program cannot be started at all (not found, not executable).
 */
export async function createCmdTarget(options: CmdTargetOptions): Promise<CmdTarget> {
  const argv = typeof options.command === 'string' ? splitCommandLine(options.command) : [...options.command];
  if (argv.length === 0) throw new Error('cmd target: empty command');
  const target = new CmdTarget(argv, options);
  await target.startFirst();
  return target;
}

interface CmdWork {
  readonly problem: TargetProblem;
  readonly k: number;
}

export class CmdTarget implements Target {
  readonly name: string;
  /** A request's time limit plus the start-up grace a fresh process gets (see `Target.timeLimitMs`). */
  readonly timeLimitMs: number;
  readonly deterministic: boolean;
  private readonly pool: ProcessPool<CmdWork, Reply>;
  private readonly maxAnswerChars: number;
  private readonly codec: CmdCodec;
  private readonly settings: TargetSettings;
  private readonly task: Task;
  private counters = { errors: 0, timeouts: 0 };

  constructor(
    argv: readonly string[],
    private readonly options: CmdTargetOptions,
  ) {
    // The name goes on every archive line and into messages: never with a secret argument in it.
    const commandLine = redactSecrets(typeof options.command === 'string' ? options.command : argv.join(' '));
    this.name = options.name ?? `cmd:${commandLine}`;
    this.codec = options.codec ?? defaultCodec;
    const codec = this.codec;
    const task = (this.task = options.task ?? integrateTask);
    this.pool = new ProcessPool<CmdWork, Reply>(
      { ...options, argv },
      {
        preamble: codec.preamble,
        encode: (id, work) => codec.encode({ id, problem: work.problem, k: work.k, task }),
        decode: (line) => {
          const reply = parseReply(line);
          return reply === undefined ? undefined : { id: reply.id, reply };
        },
        idOfOversized: (head) => /^\s*\{\s*"id"\s*:\s*"([A-Za-z0-9_.:~-]{1,80})"/.exec(head)?.[1],
      },
    );
    this.timeLimitMs = this.pool.timeLimitMs;
    this.deterministic = options.deterministic ?? false;
    this.maxAnswerChars = Math.floor(positive(options.maxAnswerChars, MAX_ANSWER_CHARS));
    this.settings = options.settings ?? {
      command: commandLine,
      time_limit_ms: positive(options.timeoutMs, 60_000),
      startup_timeout_ms: this.pool.timeLimitMs - positive(options.timeoutMs, 60_000),
    };
  }

  /** Start every process; throws when the program cannot be started at all. */
  startFirst(): Promise<void> {
    return this.pool.start();
  }

  async solve(problems: readonly TargetProblem[], k: number, signal?: AbortSignal): Promise<ProblemOutcome[]> {
    const kk = Math.max(1, Math.floor(k));
    // A problem of the task this program cannot take (conditions Maxima has no command for) is not
    // asked: `unjudged`, never a failure.
    const unsupported = problems.map((problem) => {
      try {
        this.codec.encode({ id: problem.id, problem, k: kk, task: this.task });
        return undefined;
      } catch (error) {
        // Any other fault of the encoding is the pool's to report, as it always was.
        return error instanceof TaskUnsupported ? error.message : undefined;
      }
    });
    const asked = problems.flatMap((_problem, i) => (unsupported[i] === undefined ? [i] : []));
    const results = await this.pool.run(
      asked.map((i) => ({ key: problems[i].id, request: { problem: problems[i], k: kk } })),
      signal,
    );
    const resultOf = new Map(asked.map((i, j) => [i, results[j]]));
    return problems.map((problem, i) => {
      const reason = unsupported[i];
      if (reason !== undefined) return { id: problem.id, answers: [{ status: 'unjudged', text: '', error: `not asked: ${reason}`, latencyMs: 0 }] };
      const result = resultOf.get(i)!;
      const answers = this.answersOf(result, kk, parameterNames(problem.parameters ?? {}));
      for (const a of answers) {
        if (a.status === 'error') this.counters.errors++;
        else if (a.status === 'timeout') this.counters.timeouts++;
      }
      return { id: problem.id, answers };
    });
  }

  describe(): TargetSettings {
    return this.settings;
  }

  stats(): CmdTargetStats {
    return { ...this.pool.stats(), ...this.counters, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } };
  }

  /** The last stderr lines of each running process (for diagnostics). */
  stderrTails(): string[] {
    return this.pool.stderrTails();
  }

  /** Set once the pool has given up on the program (see `Target.gaveUp`). */
  gaveUp(): string | undefined {
    const why = this.pool.gaveUp();
    return why === undefined ? undefined : `gave up on the program: ${why}`;
  }

  /**
   * How the program fared, for a failed health check: how its processes last ended (exit code or
   * signal, and the end of their stderr), or else what the running ones wrote on stderr; then the
   * `diagnose` option's finding.
   */
  async diagnose(): Promise<string | undefined> {
    const notes: string[] = [];
    const trouble = this.pool.trouble();
    if (trouble !== undefined) notes.push(trouble);
    if (this.options.diagnose !== undefined) {
      try {
        const finding = await this.options.diagnose();
        if (finding !== undefined && finding !== '') notes.push(finding);
      } catch (err) {
        notes.push(`its own check failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return notes.length > 0 ? notes.join('. ') : undefined;
  }

  /** New processes for old (see `Target.restart`): the requests in flight resolve as errors. Never rejects. */
  restart(): Promise<void> {
    return this.pool.restart();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private answersOf(result: PoolResult<Reply>, k: number, parameters: readonly ParameterLetter[]): TargetAnswer[] {
    switch (result.kind) {
      case 'error':
      case 'timeout':
        return [{ status: result.kind, text: '', error: result.error, latencyMs: result.latencyMs }];
      case 'oversized': {
        // Longer than sagga reads: the answer may be right, so it is not judged (never a failure).
        const error = `the answer line had ${result.bytes} bytes, more than the ${result.limit} sagga reads: not judged`;
        return [{ status: 'unjudged', text: clip(result.head, 200, { countRest: true }), error, latencyMs: result.latencyMs }];
      }
      case 'reply':
        return this.readReply(result.reply, k, result.latencyMs, parameters);
    }
  }

  private readReply(reply: Reply, k: number, latencyMs: number, parameters: readonly ParameterLetter[]): TargetAnswer[] {
    if (reply.error !== undefined)
      return [{ status: 'error', text: '', error: `the program reported: ${clip(reply.error, 500, { countRest: true })}`, latencyMs }];
    if (reply.timeout) {
      return [{ status: 'timeout', text: '', error: reply.reason ?? 'the program reported that it ran out of time', latencyMs }];
    }
    const given = reply.answers.slice(0, k);
    if (given.length === 0) {
      return [{ status: 'no-answer', text: '', error: reply.reason ?? 'the program returned no answer', latencyMs }];
    }
    return given.map((raw): TargetAnswer => {
      if (typeof raw !== 'string') {
        return {
          status: 'unparseable',
          text: clip(JSON.stringify(raw) ?? String(raw), 200, { countRest: true }),
          error: 'the answer is not a string',
          latencyMs,
        };
      }
      const text = clip(raw, this.maxAnswerChars, { countRest: true });
      // An answer to a problem with parameters is written in them.
      const reading = this.task.readAnswer(raw, admitParameters(this.codec.readAnswer, parameters), this.codec.source ?? 'model');
      if (reading.status === 'ok') return { status: 'ok', text, expr: reading.expr, latencyMs, ...(reading.note !== undefined ? { note: reading.note } : {}) };
      return { status: reading.status, text, error: reading.error, latencyMs };
    });
  }
}

interface Reply {
  readonly id: string;
  readonly answers: readonly unknown[];
  readonly reason?: string;
  readonly timeout: boolean;
  readonly error?: string;
}

/** A protocol answer line, or undefined for anything else. */
function parseReply(text: string): Reply | undefined {
  if (text[0] !== '{') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (typeof o.id !== 'string') return undefined;
  const timeout = o.timeout === true;
  const error = typeof o.error === 'string' ? o.error : undefined;
  if (!Array.isArray(o.answers) && !timeout && error === undefined) return undefined;
  return {
    id: o.id,
    answers: Array.isArray(o.answers) ? o.answers : [],
    reason: typeof o.reason === 'string' ? clip(o.reason, 500, { countRest: true }) : undefined,
    timeout,
    error,
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
