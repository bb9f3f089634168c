import type { AnswerReader } from './answerReading.js';
import { JsonlProcess, type ProcessExit } from './jsonlProcess.js';
import { readAnswerText } from './readAnswerText.js';
import { splitCommandLine } from './splitCommandLine.js';
import type { ProblemOutcome, Target, TargetAnswer, TargetProblem, TargetStats } from './types.js';

/** One request as handed to a codec. `id` is the wire id the program must echo. */
export interface CmdRequest {
  readonly id: string;
  readonly problem: TargetProblem;
  readonly k: number;
}

/**
 * How requests are written and answers read. The default is the `cmd:` protocol of DESIGN.md;
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
}

export interface CmdTargetOptions {
  /** The program: a command line (split like a shell would, but never run by one) or argv. */
  readonly command: string | readonly string[];
  /** Name in archives and logs; `cmd:<command line>` by default. */
  readonly name?: string;
  /** How long one request may go unanswered, from when it is written. Default 60 s. */
  readonly timeoutMs?: number;
  /** Extra time for requests sent to a process that has not answered anything yet (loading a model). Default 30 s. */
  readonly startupGraceMs?: number;
  /** Requests in flight per process. Default 8. */
  readonly maxInFlight?: number;
  /** Copies of the program to run side by side. Default 1 (the `cmd:` contract starts the command once). */
  readonly processes?: number;
  /**
   * Crashes blamed on one request (it was the oldest in flight) before it resolves as an `error`
   * rather than being sent again. Default 2.
   */
  readonly maxAttempts?: number;
  /** Crashes in a row, with no answer in between, before the program is given up. Default 8. */
  readonly maxConsecutiveFailures?: number;
  /** First wait before a restart after a crash; doubles per consecutive crash. Default 250 ms. */
  readonly restartBackoffMs?: number;
  /** Longest wait before a restart. Default 4 s. */
  readonly maxRestartBackoffMs?: number;
  /** Longest stdout line accepted; longer ones are dropped without being held in memory. Default 1 MiB. */
  readonly maxLineBytes?: number;
  /** Characters of stderr kept per process for error messages. Default 8192. */
  readonly stderrTailChars?: number;
  /** Longest answer text kept in an outcome (the archive stores it). Default 20,000 characters. */
  readonly maxAnswerChars?: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly codec?: CmdCodec;
  /**
   * A check of the program's own, run by `diagnose` (Maxima: can it load its share library?); its
   * plain-words finding, or undefined when all is well.
   */
  readonly diagnose?: () => Promise<string | undefined>;
}

/** The `Target` counters plus what the protocol layer saw. */
export interface CmdTargetStats extends TargetStats {
  /** Lines written (first sends and re-sends). */
  readonly sent: number;
  /** Requests re-sent to a restarted process. */
  readonly resent: number;
  /** Requests that got an answer line. */
  readonly answered: number;
  /** stdout lines that were not protocol JSON (ignored). */
  readonly junkLines: number;
  /** stdout lines longer than the limit (dropped). */
  readonly oversizedLines: number;
  /** Well-formed answers for an id that was not in flight (late after a timeout, duplicates). */
  readonly unmatchedAnswers: number;
  /** Exits of the program while it had work, or before it could be started. */
  readonly crashes: number;
  /** Processes killed because they stopped answering. */
  readonly hangKills: number;
}

interface Pending {
  readonly wireId: string;
  readonly problem: TargetProblem;
  readonly k: number;
  /** Times sent. */
  attempts: number;
  /** Crashes during which this was the oldest request in flight. */
  blame: number;
  sentAt: number;
  /** The slot's answer count when this was sent: unchanged at its timeout means a silent process. */
  answersAtSend: number;
  slot: Slot | undefined;
  timer: NodeJS.Timeout | undefined;
  done: boolean;
  readonly resolve: (outcome: ProblemOutcome) => void;
}

interface Slot {
  state: 'idle' | 'starting' | 'running' | 'stopping' | 'waiting' | 'dead';
  proc: JsonlProcess | undefined;
  readonly inflight: Map<string, Pending>;
  /** Answer lines received from this slot's current process. */
  answers: number;
  failures: number;
  starts: number;
  killedForHang: boolean;
  /** What happened to the last process, for error messages. */
  lastTrouble: string;
}

// Re-sends allowed, beyond maxAttempts, for a request that was in flight during crashes blamed on
// other requests.
const MAX_EXTRA_RESENDS = 4;

const WIRE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** The `cmd:` protocol's request line. */
export function encodeCmdRequest(request: CmdRequest): string {
  return JSON.stringify({ id: request.id, problem: request.problem.infix, latex: request.problem.latex, k: request.k });
}

const defaultCodec: CmdCodec = {
  encode: encodeCmdRequest,
  readAnswer: readAnswerText,
};

/**
 * A model run by any program that speaks the `cmd:` protocol (DESIGN.md): one JSON request per
 * line on its stdin, `{"id","problem","latex","k"}`; one JSON answer per line on its stdout, in any
 * order, `{"id","answers":[...]}`. Optional answer fields: `"reason"` (why the list is empty),
 * `"timeout": true` (the program gave up in time), `"error": "…"` (it could not handle the request
 * at all: not a model failure).
 *
 * Faults are values: every problem resolves with an outcome. A crashed program is restarted with
 * backoff and its unanswered requests re-sent; a request that is in flight through `maxAttempts`
 * crashes, and every request once the program has crashed `maxConsecutiveFailures` times without
 * answering anything, resolve as `error`. A request unanswered in `timeoutMs` is a `timeout`; when
 * the process has answered nothing at all during that time it is considered hung, killed and
 * restarted, and its other requests are re-sent.
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

export class CmdTarget implements Target {
  readonly name: string;
  /** A request's time limit plus the start-up grace a fresh process gets (see `Target.timeLimitMs`). */
  readonly timeLimitMs: number;
  private readonly argv: readonly string[];
  private readonly timeoutMs: number;
  private readonly startupGraceMs: number;
  private readonly maxInFlight: number;
  private readonly maxAttempts: number;
  private readonly maxConsecutiveFailures: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAnswerChars: number;
  private readonly codec: CmdCodec;
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private readonly wireIds = new Set<string>();
  private wireCounter = 0;
  private closing: Promise<void> | undefined;
  private counters = {
    requests: 0,
    errors: 0,
    timeouts: 0,
    restarts: 0,
    sent: 0,
    resent: 0,
    answered: 0,
    junkLines: 0,
    oversizedLines: 0,
    unmatchedAnswers: 0,
    crashes: 0,
    hangKills: 0,
  };

  constructor(
    argv: readonly string[],
    private readonly options: CmdTargetOptions,
  ) {
    this.argv = argv;
    this.name = options.name ?? `cmd:${typeof options.command === 'string' ? options.command : argv.join(' ')}`;
    this.timeoutMs = positive(options.timeoutMs, 60_000);
    this.startupGraceMs = Math.max(0, options.startupGraceMs ?? 30_000);
    this.timeLimitMs = this.timeoutMs + this.startupGraceMs;
    this.maxInFlight = Math.floor(positive(options.maxInFlight, 8));
    this.maxAttempts = Math.floor(positive(options.maxAttempts, 2));
    this.maxConsecutiveFailures = Math.floor(positive(options.maxConsecutiveFailures, 8));
    this.backoffMs = Math.max(0, options.restartBackoffMs ?? 250);
    this.maxBackoffMs = Math.max(this.backoffMs, options.maxRestartBackoffMs ?? 4000);
    this.maxAnswerChars = Math.floor(positive(options.maxAnswerChars, 20_000));
    this.codec = options.codec ?? defaultCodec;
    const processes = Math.floor(positive(options.processes, 1));
    this.slots = Array.from({ length: processes }, () => ({
      state: 'idle' as const,
      proc: undefined,
      inflight: new Map<string, Pending>(),
      answers: 0,
      failures: 0,
      starts: 0,
      killedForHang: false,
      lastTrouble: '',
    }));
  }

  /** Start every process; throws when the program cannot be started at all. */
  async startFirst(): Promise<void> {
    try {
      await Promise.all(this.slots.map((slot) => this.spawnInto(slot, true)));
    } catch (err) {
      await this.close();
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`cannot start ${JSON.stringify(this.argv.join(' '))}: ${reason}`);
    }
  }

  solve(problems: readonly TargetProblem[], k: number, signal?: AbortSignal): Promise<ProblemOutcome[]> {
    const kk = Math.max(1, Math.floor(k));
    const batch: Pending[] = [];
    const promises = problems.map(
      (problem) =>
        new Promise<ProblemOutcome>((resolve) => {
          this.counters.requests++;
          const wireId = this.wireIdFor(problem.id);
          batch.push({ wireId, problem, k: kk, attempts: 0, blame: 0, sentAt: 0, answersAtSend: 0, slot: undefined, timer: undefined, done: false, resolve });
        }),
    );
    if (this.closing !== undefined) {
      for (const p of batch) this.finish(p, [fault('error', 'the target is closed')]);
      return Promise.all(promises);
    }
    if (signal?.aborted) {
      for (const p of batch) this.finish(p, [fault('error', 'aborted')]);
      return Promise.all(promises);
    }
    this.queue.push(...batch);
    if (signal !== undefined) {
      const onAbort = (): void => {
        for (const p of batch) this.abort(p);
        this.pump();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void Promise.all(promises).then(() => signal.removeEventListener('abort', onAbort));
    }
    this.pump();
    return Promise.all(promises);
  }

  stats(): CmdTargetStats {
    const c = this.counters;
    return { ...c, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } };
  }

  /** The last stderr lines of each running process (for diagnostics). */
  stderrTails(): string[] {
    return this.slots.map((s) => s.proc?.stderrTail() ?? '');
  }

  /**
   * How the program fared, for a failed health check: how its processes last ended (exit code or
   * signal, and the end of their stderr), or else what the running ones wrote on stderr; then the
   * `diagnose` option's finding.
   */
  async diagnose(): Promise<string | undefined> {
    const notes: string[] = [];
    const troubles = [...new Set(this.slots.map((s) => s.lastTrouble).filter((t) => t !== ''))];
    if (troubles.length > 0) notes.push(`the program: ${troubles.join('; ')}`);
    else {
      const tail = [...new Set(this.stderrTails().map((t) => t.trim()).filter((t) => t !== ''))][0];
      if (tail !== undefined) notes.push(`the program is running; its stderr ended with: ${clip(tail.slice(-600), 600)}`);
    }
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

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const p of this.queue.splice(0)) this.finish(p, [fault('error', 'the target was closed before the program answered')]);
    const exits: Promise<void>[] = [];
    for (const slot of this.slots) {
      for (const p of [...slot.inflight.values()]) this.finish(p, [fault('error', 'the target was closed before the program answered')]);
      const proc = slot.proc;
      if (proc === undefined) continue;
      exits.push(
        new Promise<void>((resolve) => {
          const watch = setInterval(() => {
            if (slot.proc !== proc) {
              clearInterval(watch);
              clearTimeout(hard);
              resolve();
            }
          }, 20);
          // A well-behaved program exits when its stdin closes; the rest are killed.
          const hard = setTimeout(() => {
            proc.kill();
            clearInterval(watch);
            resolve();
          }, 1000);
          proc.endInput();
        }),
      );
    }
    await Promise.all(exits);
  }

  private wireIdFor(id: string): string {
    let wire = WIRE_ID.test(id) && !this.wireIds.has(id) ? id : '';
    while (wire === '' || this.wireIds.has(wire)) wire = `${WIRE_ID.test(id) ? id.slice(0, 40) : 'p'}~${++this.wireCounter}`;
    this.wireIds.add(wire);
    return wire;
  }

  // ---- scheduling -------------------------------------------------------------------------------

  private pump(): void {
    if (this.closing !== undefined) return;
    while (this.queue.length > 0) {
      let best: Slot | undefined;
      for (const slot of this.slots) {
        if (slot.state !== 'running' || slot.inflight.size >= this.maxInFlight) continue;
        if (best === undefined || slot.inflight.size < best.inflight.size) best = slot;
      }
      if (best === undefined) break;
      this.send(best, this.queue.shift()!);
    }
    if (this.queue.length === 0) return;
    for (const slot of this.slots) if (slot.state === 'idle') void this.spawnInto(slot, false);
    if (this.slots.every((s) => s.state === 'dead')) {
      const why = this.slots.map((s) => s.lastTrouble).find((t) => t !== '') ?? 'the program could not be kept running';
      for (const p of this.queue.splice(0)) this.finish(p, [fault('error', `gave up on the program: ${why}`)]);
    }
  }

  private send(slot: Slot, p: Pending): void {
    const proc = slot.proc!;
    p.attempts++;
    p.sentAt = Date.now();
    p.slot = slot;
    slot.inflight.set(p.wireId, p);
    this.counters.sent++;
    if (p.attempts > 1) this.counters.resent++;
    p.answersAtSend = slot.answers;
    const limit = this.timeoutMs + (slot.answers === 0 ? this.startupGraceMs : 0);
    const attempt = p.attempts;
    p.timer = setTimeout(() => this.onTimeout(slot, p, attempt, limit), limit);
    proc.write(this.codec.encode({ id: p.wireId, problem: p.problem, k: p.k }));
  }

  private abort(p: Pending): void {
    if (p.done) return;
    const i = this.queue.indexOf(p);
    if (i >= 0) this.queue.splice(i, 1);
    this.finish(p, [fault('error', 'aborted')]);
  }

  private finish(p: Pending, answers: readonly TargetAnswer[]): void {
    if (p.done) return;
    p.done = true;
    if (p.timer !== undefined) clearTimeout(p.timer);
    p.timer = undefined;
    if (p.slot !== undefined && p.slot.inflight.get(p.wireId) === p) p.slot.inflight.delete(p.wireId);
    this.wireIds.delete(p.wireId);
    for (const a of answers) {
      if (a.status === 'error') this.counters.errors++;
      else if (a.status === 'timeout') this.counters.timeouts++;
    }
    p.resolve({ id: p.problem.id, answers });
  }

  // ---- process lifecycle ------------------------------------------------------------------------

  private async spawnInto(slot: Slot, first: boolean): Promise<void> {
    slot.state = 'starting';
    let proc: JsonlProcess;
    try {
      proc = await JsonlProcess.start({
        argv: this.argv,
        env: this.options.env,
        cwd: this.options.cwd,
        maxLineBytes: Math.floor(positive(this.options.maxLineBytes, 1 << 20)),
        stderrTailChars: Math.floor(positive(this.options.stderrTailChars, 8192)),
        onLine: (line) => this.onLine(slot, proc, line),
        onOversizedLine: (head, bytes) => this.onOversized(slot, proc, head, bytes),
        onExit: (exit) => this.onExit(slot, proc, exit),
      });
    } catch (err) {
      if (first) throw err;
      this.counters.crashes++;
      slot.proc = undefined;
      this.afterFailure(slot, `cannot restart the program: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (this.closing !== undefined) {
      proc.kill();
      return;
    }
    if (slot.starts > 0) this.counters.restarts++;
    slot.starts++;
    slot.proc = proc;
    slot.state = 'running';
    slot.answers = 0;
    slot.killedForHang = false;
    for (const line of this.codec.preamble ?? []) proc.write(line);
    this.pump();
  }

  private onExit(slot: Slot, proc: JsonlProcess, exit: ProcessExit): void {
    if (slot.proc !== proc) return;
    slot.proc = undefined;
    if (this.closing !== undefined) {
      slot.state = 'idle';
      return;
    }
    const hung = slot.killedForHang;
    const how = hung
      ? 'it was killed after answering nothing for the whole time limit'
      : exit.signal !== null
        ? `it was killed by ${exit.signal}`
        : `it exited with code ${exit.code}`;
    const stderr = exit.stderrTail.trim();
    const trouble = `${how}${stderr === '' ? '' : `; its stderr ended with: ${clip(stderr.slice(-600), 600)}`}`;
    // In send order, so the first is the oldest: for a program that works through its input in
    // order, the one it was busy with when it died. It takes the blame; the others are re-sent
    // without it, up to a looser bound that guarantees the retries end.
    const lost = [...slot.inflight.values()];
    slot.inflight.clear();
    const requeue: Pending[] = [];
    lost.forEach((p, i) => {
      if (p.timer !== undefined) clearTimeout(p.timer);
      p.timer = undefined;
      p.slot = undefined;
      if (i === 0 && !hung) p.blame++;
      if (p.blame >= this.maxAttempts || p.attempts >= this.maxAttempts + MAX_EXTRA_RESENDS) {
        this.finish(p, [fault('error', `the program failed while this request was in flight (${p.attempts} times sent); last time ${trouble}`)]);
      } else requeue.push(p);
    });
    // Re-sent requests go first, in their original order.
    this.queue.unshift(...requeue);
    slot.lastTrouble = trouble;
    if (lost.length > 0 && !hung) {
      this.counters.crashes++;
      this.afterFailure(slot, trouble);
    } else {
      // Killed after a timeout (normal for a program without its own time limit), or it exited
      // while idle (a program that quits between requests): start it again as soon as there is work.
      slot.state = 'idle';
      this.pump();
    }
  }

  private afterFailure(slot: Slot, trouble: string): void {
    slot.failures++;
    slot.lastTrouble = trouble;
    if (slot.failures >= this.maxConsecutiveFailures) {
      slot.state = 'dead';
      slot.lastTrouble = `it failed ${slot.failures} times in a row without answering; last time ${trouble}`;
      this.pump();
      return;
    }
    slot.state = 'waiting';
    const wait = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (slot.failures - 1));
    setTimeout(() => {
      if (this.closing !== undefined || slot.state !== 'waiting') return;
      slot.state = 'idle';
      if (this.queue.length > 0) void this.spawnInto(slot, false);
    }, wait);
    // Other slots may take the re-queued work meanwhile.
    this.pump();
  }

  private onTimeout(slot: Slot, p: Pending, attempt: number, limit: number): void {
    if (p.done || p.slot !== slot || p.attempts !== attempt) return;
    this.finish(p, [{ status: 'timeout', text: '', error: `no answer within ${limit} ms`, latencyMs: Date.now() - p.sentAt }]);
    const proc = slot.proc;
    if (proc !== undefined && slot.answers === p.answersAtSend && !slot.killedForHang) {
      // Nothing at all came back while this request waited: the program is stuck, not just slow
      // on this one problem. A fresh process gets the rest of the work.
      slot.killedForHang = true;
      slot.state = 'stopping'; // no new work for it while it dies
      this.counters.hangKills++;
      proc.kill();
    }
    this.pump();
  }

  // ---- reading answers --------------------------------------------------------------------------

  private onLine(slot: Slot, proc: JsonlProcess, line: string): void {
    if (slot.proc !== proc) return;
    const text = line.trim();
    if (text === '') return;
    const reply = parseReply(text);
    if (reply === undefined) {
      this.counters.junkLines++;
      return;
    }
    const p = slot.inflight.get(reply.id);
    if (p === undefined) {
      this.counters.unmatchedAnswers++;
      return;
    }
    slot.answers++;
    slot.failures = 0;
    this.counters.answered++;
    this.finish(p, this.readReply(reply, p));
    this.pump();
  }

  private onOversized(slot: Slot, proc: JsonlProcess, head: string, bytes: number): void {
    if (slot.proc !== proc) return;
    this.counters.oversizedLines++;
    // The line is gone, but its beginning usually names the request it answers.
    const m = /^\s*\{\s*"id"\s*:\s*"([A-Za-z0-9_.:~-]{1,80})"/.exec(head);
    const p = m === null ? undefined : slot.inflight.get(m[1]);
    if (p === undefined) return;
    slot.answers++;
    slot.failures = 0;
    this.counters.answered++;
    const error = `the answer line had ${bytes} bytes, more than the limit of ${this.options.maxLineBytes ?? 1 << 20}`;
    this.finish(p, [{ status: 'unparseable', text: clip(head, 200), error, latencyMs: Date.now() - p.sentAt }]);
    this.pump();
  }

  private readReply(reply: Reply, p: Pending): TargetAnswer[] {
    const latencyMs = Date.now() - p.sentAt;
    if (reply.error !== undefined) return [{ ...fault('error', `the program reported: ${clip(reply.error, 500)}`), latencyMs }];
    if (reply.timeout) {
      return [{ status: 'timeout', text: '', error: reply.reason ?? 'the program reported that it ran out of time', latencyMs }];
    }
    const given = reply.answers.slice(0, p.k);
    if (given.length === 0) {
      return [{ status: 'no-answer', text: '', error: reply.reason ?? 'the program returned no answer', latencyMs }];
    }
    return given.map((raw): TargetAnswer => {
      if (typeof raw !== 'string') {
        return { status: 'unparseable', text: clip(JSON.stringify(raw) ?? String(raw), 200), error: 'the answer is not a string', latencyMs };
      }
      const text = clip(raw, this.maxAnswerChars);
      const reading = this.codec.readAnswer(raw);
      if (reading.status === 'ok') return { status: 'ok', text, expr: reading.expr, latencyMs };
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
    reason: typeof o.reason === 'string' ? clip(o.reason, 500) : undefined,
    timeout,
    error,
  };
}

function fault(status: 'error' | 'timeout', error: string): TargetAnswer {
  return { status, text: '', error, latencyMs: 0 };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… [${s.length - max} more characters]` : s;
}
