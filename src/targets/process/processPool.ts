import { JsonlProcess, type ProcessExit } from './jsonlProcess.js';
import { clip } from '../../util/clip.js';
import { flushHint } from './flushHint.js';

/**
 * How a pool writes requests and recognises replies. The pool knows nothing else of the protocol:
 * a reply is whatever `decode` makes of a line, matched to its request by the wire id.
 */
export interface PoolCodec<Q, R> {
  /** Lines written to every newly started process before its first request. */
  readonly preamble?: readonly string[];
  /** The request as one line (without the newline); `wireId` is what the program must echo. */
  readonly encode: (wireId: string, request: Q) => string;
  /** A reply line: the wire id it answers and what it says; undefined for anything else (ignored). */
  readonly decode: (line: string) => { readonly id: string; readonly reply: R } | undefined;
  /** The wire id named by the beginning of a line too long to keep, when it can be read from it. */
  readonly idOfOversized?: (head: string) => string | undefined;
}

export interface ProcessPoolOptions {
  /** The program and its arguments (never run by a shell). */
  readonly argv: readonly string[];
  /**
   * How long one request may go unanswered, from when it is first in line: when it was written, or,
   * while requests written before it were unanswered, from when the last of them was answered (a
   * program that works through its input in order is not held to the time it spent on earlier ones).
   * Default 60 s.
   */
  readonly timeoutMs?: number;
  /** Extra time for requests sent to a process that has not answered anything yet (loading a model). Default 30 s. */
  readonly startupGraceMs?: number;
  /**
   * What it means when a process answers nothing at all during a request's time limit. `fault` (the
   * default): the program is stuck (deadlocked, not reading its input, still loading): it is killed
   * and restarted, and every request in flight on it resolves as an `error`, never a `timeout`. A
   * `timeout` is then only ever a live program's: one that answers other requests but not this one,
   * in its time limit and after it.
   * `timeout`: the program is sagga's own and works on one request at a time without a time limit of
   * its own (Maxima), so its silence is this request's time: a `timeout`, and the process is replaced.
   */
  readonly silence?: 'fault' | 'timeout';
  /** Requests in flight per process. Default 8. */
  readonly maxInFlight?: number;
  /** Copies of the program to run side by side. Default 1. */
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
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
}

/** What became of one request. `latencyMs` counts from when it was (last) written. */
export type PoolResult<R> =
  | { readonly kind: 'reply'; readonly reply: R; readonly latencyMs: number }
  /** A line longer than `maxLineBytes` that named this request: dropped unread. */
  | { readonly kind: 'oversized'; readonly head: string; readonly bytes: number; readonly limit: number; readonly latencyMs: number }
  | { readonly kind: 'timeout'; readonly error: string; readonly latencyMs: number }
  /** The pool could not get an answer: closed, aborted, the program kept crashing or was given up. */
  | { readonly kind: 'error'; readonly error: string; readonly latencyMs: number };

/** Counters of the process layer. */
export interface ProcessPoolStats {
  /** Requests submitted. */
  readonly requests: number;
  /** Processes started again after the first start. */
  readonly restarts: number;
  /** Lines written (first sends and re-sends). */
  readonly sent: number;
  /** Requests re-sent to a restarted process. */
  readonly resent: number;
  /** Requests that got a reply line. */
  readonly answered: number;
  /** stdout lines that were not replies (ignored). */
  readonly junkLines: number;
  /** stdout lines longer than the limit (dropped). */
  readonly oversizedLines: number;
  /** Well-formed replies for an id that was not in flight (late after a timeout, duplicates, ids never asked). */
  readonly unmatchedAnswers: number;
  /** Of `unmatchedAnswers`, replies for an id that was never asked at all. */
  readonly unknownIdAnswers: number;
  /** Exits of the program while it had work, or before it could be started; closing stdout counts. */
  readonly crashes: number;
  /** Processes killed because they stopped answering. */
  readonly hangKills: number;
  /** Processes killed because they closed their stdout while still running. */
  readonly closedStdout: number;
  /**
   * Requests whose time limit ran out while the program had answered others in it: judged by what
   * the program did next (another answer: a `timeout`; silence for another time limit: stuck).
   */
  readonly overdue: number;
}

interface Pending<Q, R> {
  readonly wireId: string;
  readonly request: Q;
  /** Times sent. */
  attempts: number;
  /** Crashes during which this was the oldest request in flight. */
  blame: number;
  sentAt: number;
  /** This request's time limit on its current process (with the start-up grace when it had not answered yet). */
  limit: number;
  /** When its time limit started: when it was sent, or when it became the oldest request in flight. */
  clockFrom: number;
  /** The slot's answer count when its clock started: unchanged at its timeout means a silent process. */
  answersAtClock: number;
  /** The slot's count of replies for ids never asked when this was sent. */
  unknownAtSend: number;
  /** Its timer fired while older requests were in flight; it is armed again once it is the oldest. */
  inLine: boolean;
  /**
   * Its time limit ran out while the program was answering others: whether it is the model's timeout
   * depends on whether the program answers anything from `overdueSince` on.
   */
  overdue: boolean;
  overdueSince: number;
  slot: Slot<Q, R> | undefined;
  timer: NodeJS.Timeout | undefined;
  done: boolean;
  readonly resolve: (result: PoolResult<R>) => void;
}

interface Slot<Q, R> {
  state: 'idle' | 'starting' | 'running' | 'stopping' | 'waiting' | 'dead';
  proc: JsonlProcess | undefined;
  /** In send order (a Map keeps insertion order): the first is the oldest request in flight. */
  readonly inflight: Map<string, Pending<Q, R>>;
  /** Reply lines received from this slot's current process. */
  answers: number;
  /** Replies from the current process for ids that were never asked, and the last such id. */
  unknownIds: number;
  lastUnknownId: string;
  failures: number;
  starts: number;
  killedForHang: boolean;
  /** Killed by `restart()`: its exit is neither a crash nor a hang. */
  replacing: boolean;
  /** What happened to the last process, for error messages. */
  lastTrouble: string;
}

// Re-sends allowed, beyond maxAttempts, for a request that was in flight during crashes blamed on
// other requests.
const MAX_EXTRA_RESENDS = 4;

const WIRE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

// Wire ids remembered as asked, so that a late reply is told from one for an id never asked.
const ASKED_IDS_KEPT = 100_000;

/**
 * A supervised pool of processes that read one request per line on stdin and write one reply per
 * line on stdout, in any order, matched by id; the protocol is the codec's.
 *
 * Faults are values: every request resolves. A crashed program (it exited, or closed its stdout while
 * running) is restarted with backoff and its unanswered requests re-sent; a request that is in flight
 * through `maxAttempts` crashes, and every request once the program has failed
 * `maxConsecutiveFailures` times without answering anything, resolve as `error`. A request
 * unanswered in `timeoutMs` (counted from when it is first in line) while the process answered other
 * requests is overdue: it is a `timeout` once the process answers anything more (it is running and
 * skipping this one), and the process is stuck if it answers nothing for another `timeoutMs` (its
 * answers came before a stall). When it answered nothing at all, the process is stuck: it is
 * killed and restarted, and (with `silence: 'fault'`, the default) every request in flight on it is
 * an `error`, as is a request that times out while the program wrote replies for ids never asked
 * (its reply may be among them).
 */
export class ProcessPool<Q, R> {
  /** A request's time limit plus the start-up grace a fresh process gets. */
  readonly timeLimitMs: number;
  readonly argv: readonly string[];
  private readonly timeoutMs: number;
  private readonly startupGraceMs: number;
  private readonly maxInFlight: number;
  private readonly maxAttempts: number;
  private readonly maxConsecutiveFailures: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxLineBytes: number;
  private readonly silence: 'fault' | 'timeout';
  private readonly slots: Slot<Q, R>[];
  private readonly queue: Pending<Q, R>[] = [];
  private readonly wireIds = new Set<string>();
  private readonly askedIds = new Set<string>();
  private wireCounter = 0;
  private closing: Promise<void> | undefined;
  private counters = {
    requests: 0,
    restarts: 0,
    sent: 0,
    resent: 0,
    answered: 0,
    junkLines: 0,
    oversizedLines: 0,
    unmatchedAnswers: 0,
    unknownIdAnswers: 0,
    crashes: 0,
    hangKills: 0,
    closedStdout: 0,
    overdue: 0,
  };

  constructor(
    private readonly options: ProcessPoolOptions,
    private readonly codec: PoolCodec<Q, R>,
  ) {
    if (options.argv.length === 0) throw new Error('process pool: empty command');
    this.argv = [...options.argv];
    this.timeoutMs = positive(options.timeoutMs, 60_000);
    this.startupGraceMs = Math.max(0, options.startupGraceMs ?? 30_000);
    this.timeLimitMs = this.timeoutMs + this.startupGraceMs;
    this.maxInFlight = Math.floor(positive(options.maxInFlight, 8));
    this.maxAttempts = Math.floor(positive(options.maxAttempts, 2));
    this.maxConsecutiveFailures = Math.floor(positive(options.maxConsecutiveFailures, 8));
    this.backoffMs = Math.max(0, options.restartBackoffMs ?? 250);
    this.maxBackoffMs = Math.max(this.backoffMs, options.maxRestartBackoffMs ?? 4000);
    this.maxLineBytes = Math.floor(positive(options.maxLineBytes, 1 << 20));
    this.silence = options.silence ?? 'fault';
    const processes = Math.floor(positive(options.processes, 1));
    this.slots = Array.from({ length: processes }, () => ({
      state: 'idle' as const,
      proc: undefined,
      inflight: new Map<string, Pending<Q, R>>(),
      answers: 0,
      unknownIds: 0,
      lastUnknownId: '',
      failures: 0,
      starts: 0,
      killedForHang: false,
      replacing: false,
      lastTrouble: '',
    }));
  }

  /** Start every process; throws when the program cannot be started at all. */
  async start(): Promise<void> {
    try {
      await Promise.all(this.slots.map((slot) => this.spawnInto(slot, true)));
    } catch (err) {
      await this.close();
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`cannot start ${JSON.stringify(this.argv.join(' '))}: ${reason}`);
    }
  }

  /**
   * Send each request (`key`: the caller's id, used as the wire id when it is a plain token not in
   * flight) and resolve with one result per request, same order. An abort resolves the batch's
   * unanswered requests as errors.
   */
  run(batchItems: ReadonlyArray<{ readonly key: string; readonly request: Q }>, signal?: AbortSignal): Promise<PoolResult<R>[]> {
    const batch: Pending<Q, R>[] = [];
    const promises = batchItems.map(
      (item) =>
        new Promise<PoolResult<R>>((resolve) => {
          this.counters.requests++;
          const wireId = this.wireIdFor(item.key);
          batch.push({
            wireId,
            request: item.request,
            attempts: 0,
            blame: 0,
            sentAt: 0,
            limit: 0,
            clockFrom: 0,
            answersAtClock: 0,
            unknownAtSend: 0,
            inLine: false,
            overdue: false,
            overdueSince: 0,
            slot: undefined,
            timer: undefined,
            done: false,
            resolve,
          });
        }),
    );
    if (this.closing !== undefined) {
      for (const p of batch) this.finish(p, fault('the target is closed'));
      return Promise.all(promises);
    }
    if (signal?.aborted) {
      for (const p of batch) this.finish(p, fault('aborted'));
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

  stats(): ProcessPoolStats {
    return { ...this.counters };
  }

  /** The last stderr lines of each running process (for diagnostics). */
  stderrTails(): string[] {
    return this.slots.map((s) => s.proc?.stderrTail() ?? '');
  }

  /** Why the pool gave up on the program: the last trouble a slot had. */
  private givenUpReason(): string {
    return this.slots.map((s) => s.lastTrouble).find((t) => t !== '') ?? 'the program could not be kept running';
  }

  /**
   * Why the pool has given up on the program for good (every process failed `maxConsecutiveFailures`
   * times in a row and is no longer restarted, so every request now fails at once), or undefined.
   */
  gaveUp(): string | undefined {
    if (this.closing !== undefined || !this.slots.every((s) => s.state === 'dead')) return undefined;
    return this.givenUpReason();
  }

  /**
   * How the program fared: how its processes last ended (exit code or signal, and the end of their
   * stderr), or else what the running ones wrote on stderr; undefined when there is nothing to say.
   */
  trouble(): string | undefined {
    const troubles = [...new Set(this.slots.map((s) => s.lastTrouble).filter((t) => t !== ''))];
    if (troubles.length > 0) return `the program: ${troubles.join('; ')}`;
    const tail = [
      ...new Set(
        this.stderrTails()
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      ),
    ][0];
    if (tail !== undefined) return `the program is running; its stderr ended with: ${clip(tail.slice(-600), 600, { countRest: true })}`;
    return undefined;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * Replace every process with a fresh one (after a failed health check), the program given up on
   * included. Requests in flight resolve as errors (the caller asks them again); queued ones go to
   * the new processes. Resolves once the new processes are started, or failed to start (which the
   * next requests report). Never rejects.
   */
  async restart(): Promise<void> {
    if (this.closing !== undefined) return;
    const gone: Promise<void>[] = [];
    for (const slot of this.slots) {
      for (const p of [...slot.inflight.values()]) this.finish(p, fault('the program was restarted before it answered (it had failed a health check)'));
      slot.failures = 0;
      const proc = slot.proc;
      if (proc === undefined) {
        if (slot.state === 'dead' || slot.state === 'waiting') slot.state = 'idle';
        continue;
      }
      slot.replacing = true;
      slot.state = 'stopping';
      gone.push(waitUntil(() => slot.proc !== proc, 5_000));
      proc.kill();
    }
    await Promise.all(gone);
    if (this.closing !== undefined) return;
    await Promise.all(this.slots.filter((s) => s.state === 'idle').map((s) => this.spawnInto(s, false)));
  }

  private async shutdown(): Promise<void> {
    for (const p of this.queue.splice(0)) this.finish(p, fault('the target was closed before the program answered'));
    const exits: Promise<void>[] = [];
    for (const slot of this.slots) {
      for (const p of [...slot.inflight.values()]) this.finish(p, fault('the target was closed before the program answered'));
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
      let best: Slot<Q, R> | undefined;
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
      const why = this.givenUpReason();
      for (const p of this.queue.splice(0)) this.finish(p, fault(`gave up on the program: ${why}`));
    }
  }

  private send(slot: Slot<Q, R>, p: Pending<Q, R>): void {
    const proc = slot.proc!;
    p.attempts++;
    p.sentAt = Date.now();
    p.slot = slot;
    slot.inflight.set(p.wireId, p);
    this.counters.sent++;
    if (p.attempts > 1) this.counters.resent++;
    this.rememberAsked(p.wireId);
    p.clockFrom = p.sentAt;
    p.answersAtClock = slot.answers;
    p.unknownAtSend = slot.unknownIds;
    p.inLine = false;
    p.overdue = false;
    p.limit = this.timeoutMs + (slot.answers === 0 ? this.startupGraceMs : 0);
    this.arm(slot, p, p.limit);
    proc.write(this.codec.encode(p.wireId, p.request));
  }

  private arm(slot: Slot<Q, R>, p: Pending<Q, R>, delayMs: number): void {
    const attempt = p.attempts;
    p.timer = setTimeout(() => this.onTimer(slot, p, attempt), Math.max(0, delayMs));
  }

  private rememberAsked(wireId: string): void {
    this.askedIds.delete(wireId);
    this.askedIds.add(wireId);
    if (this.askedIds.size > ASKED_IDS_KEPT) this.askedIds.delete(this.askedIds.values().next().value!);
  }

  private abort(p: Pending<Q, R>): void {
    if (p.done) return;
    const i = this.queue.indexOf(p);
    if (i >= 0) this.queue.splice(i, 1);
    this.finish(p, fault('aborted'));
  }

  private finish(p: Pending<Q, R>, result: PoolResult<R>): void {
    if (p.done) return;
    p.done = true;
    if (p.timer !== undefined) clearTimeout(p.timer);
    p.timer = undefined;
    const slot = p.slot;
    if (slot !== undefined && slot.inflight.get(p.wireId) === p) {
      const wasOldest = slot.inflight.values().next().value === p;
      slot.inflight.delete(p.wireId);
      if (wasOldest) this.startClockOfOldest(slot);
    }
    this.wireIds.delete(p.wireId);
    p.resolve(result);
  }

  /**
   * The oldest request in flight has just been resolved: the next one is now first in line, and its
   * time limit runs from now (for a program that works in order, its turn has just come).
   */
  private startClockOfOldest(slot: Slot<Q, R>): void {
    const next = slot.inflight.values().next().value;
    if (next === undefined || slot.state !== 'running') return;
    next.clockFrom = Date.now();
    next.answersAtClock = slot.answers;
    if (next.inLine) {
      next.inLine = false;
      this.arm(slot, next, next.limit);
    }
  }

  // ---- process lifecycle ------------------------------------------------------------------------

  private async spawnInto(slot: Slot<Q, R>, first: boolean): Promise<void> {
    slot.state = 'starting';
    let proc: JsonlProcess;
    try {
      proc = await JsonlProcess.start({
        argv: this.argv,
        env: this.options.env,
        cwd: this.options.cwd,
        maxLineBytes: this.maxLineBytes,
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
    slot.unknownIds = 0;
    slot.killedForHang = false;
    slot.replacing = false;
    for (const line of this.codec.preamble ?? []) proc.write(line);
    this.pump();
  }

  private onExit(slot: Slot<Q, R>, proc: JsonlProcess, exit: ProcessExit): void {
    if (slot.proc !== proc) return;
    slot.proc = undefined;
    if (this.closing !== undefined) {
      slot.state = 'idle';
      return;
    }
    if (slot.replacing) {
      // Killed by restart(), which starts the next one itself.
      slot.replacing = false;
      slot.state = 'idle';
      this.queue.unshift(...this.takeInflight(slot));
      return;
    }
    const hung = slot.killedForHang;
    if (exit.closedStdout) this.counters.closedStdout++;
    const how = hung
      ? 'it was killed after answering nothing for the whole time limit'
      : exit.closedStdout
        ? 'it closed its stdout (end of file) while still running, and was killed'
        : exit.signal !== null
          ? `it was killed by ${exit.signal}`
          : `it exited with code ${exit.code}`;
    const stderr = exit.stderrTail.trim();
    const trouble = `${how}${stderr === '' ? '' : `; its stderr ended with: ${clip(stderr.slice(-600), 600, { countRest: true })}`}`;
    // In send order, so the first is the oldest: for a program that works through its input in
    // order, the one it was busy with when it died. It takes the blame; the others are re-sent
    // without it, up to a looser bound that guarantees the retries end.
    const lost = this.takeInflight(slot);
    const requeue: Pending<Q, R>[] = [];
    lost.forEach((p, i) => {
      if (i === 0 && !hung) p.blame++;
      if (p.blame >= this.maxAttempts || p.attempts >= this.maxAttempts + MAX_EXTRA_RESENDS) {
        this.finish(p, fault(`the program failed while this request was in flight (${p.attempts} times sent); last time ${trouble}`));
      } else requeue.push(p);
    });
    // Re-sent requests go first, in their original order.
    this.queue.unshift(...requeue);
    slot.lastTrouble = trouble;
    if (lost.length > 0 && !hung) {
      this.counters.crashes++;
      this.afterFailure(slot, trouble);
    } else if (hung && this.silence === 'fault') {
      // Stuck: a failure of the program like a crash, so one that is stuck every time is given up.
      this.afterFailure(slot, trouble);
    } else {
      // Killed after a timeout (normal for a program without its own time limit), or it exited
      // while idle (a program that quits between requests): start it again as soon as there is work.
      slot.state = 'idle';
      this.pump();
    }
  }

  /** Empty the slot's requests in flight, in send order, with their timers stopped. */
  private takeInflight(slot: Slot<Q, R>): Pending<Q, R>[] {
    const taken = [...slot.inflight.values()];
    slot.inflight.clear();
    for (const p of taken) {
      if (p.timer !== undefined) clearTimeout(p.timer);
      p.timer = undefined;
      p.slot = undefined;
      p.inLine = false;
      p.overdue = false;
    }
    return taken;
  }

  private afterFailure(slot: Slot<Q, R>, trouble: string): void {
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

  private onTimer(slot: Slot<Q, R>, p: Pending<Q, R>, attempt: number): void {
    if (p.done || p.slot !== slot || p.attempts !== attempt) return;
    p.timer = undefined;
    if (p.overdue) {
      const left = p.overdueSince + this.timeoutMs - Date.now();
      if (left > 0) {
        this.arm(slot, p, left);
        return;
      }
      // Nothing at all came back since its time limit ran out: the answers in it came before a stall.
      this.stuck(
        slot,
        `the program answered nothing at all for ${this.timeoutMs} ms after this request's time limit (${p.limit} ms) ran out, though it had answered others before: it stalled, and is not slow on this problem; it was killed and will be restarted. Not the model's failure`,
      );
      this.pump();
      return;
    }
    // Requests written before this one are still unanswered: it is judged once it is first in line.
    if (slot.inflight.values().next().value !== p) {
      p.inLine = true;
      return;
    }
    const left = p.clockFrom + p.limit - Date.now();
    if (left > 0) {
      this.arm(slot, p, left);
      return;
    }
    this.onTimeLimit(slot, p);
    this.pump();
  }

  /**
   * The oldest request in flight has had its whole time limit. What the process did meanwhile
   * decides what that means; the process is judged before the request is.
   */
  private onTimeLimit(slot: Slot<Q, R>, p: Pending<Q, R>): void {
    const proc = slot.proc;
    const silent = proc !== undefined && slot.answers === p.answersAtClock;
    const waited = `${p.limit} ms`;
    const after = p.clockFrom > p.sentAt ? ` (from when the requests sent before it were answered; ${Date.now() - p.sentAt} ms after it was sent)` : '';
    const wrongIds = slot.unknownIds - p.unknownAtSend;
    const wrongNote =
      wrongIds > 0
        ? `; meanwhile it wrote ${wrongIds} answer${wrongIds === 1 ? '' : 's'} for ids it was never asked (such as ${JSON.stringify(clip(slot.lastUnknownId, 40))})`
        : '';
    if (silent && this.silence === 'fault') {
      const why =
        slot.answers === 0
          ? `the program answered nothing in the ${waited} since it started (start-up grace included): still loading, or stuck (${flushHint(this.argv)}); it was killed and will be restarted (a longer start-up grace: --startup-timeout)${wrongNote}`
          : `the program answered nothing at all for ${waited}${after}: it is stuck, not slow on this problem; it was killed and will be restarted${wrongNote}`;
      this.stuck(slot, `${why}. Not the model's failure`);
      return;
    }
    if (wrongIds > 0) {
      this.finish(p, fault(`no answer within ${waited}${after}${wrongNote}: its answer may be among them. Not the model's failure`));
    } else if (!silent && this.silence === 'fault') {
      // Answers in its window show the program was running then, not that it still is: one that
      // stalled right after them looks the same so far. What it does next decides (settleOverdue).
      p.overdue = true;
      p.overdueSince = Date.now();
      this.counters.overdue++;
      this.arm(slot, p, this.timeoutMs);
      return;
    } else {
      this.finish(p, { kind: 'timeout', error: `no answer within ${waited}${after}`, latencyMs: Date.now() - p.sentAt });
    }
    if (silent && !slot.killedForHang) {
      // Nothing at all came back while this request waited: the program is busy with it for good.
      // A fresh process gets the rest of the work.
      this.killForHang(slot, proc);
    }
  }

  /** A process that answers nothing: killed, and every request in flight on it is an error. */
  private stuck(slot: Slot<Q, R>, why: string): void {
    if (slot.proc !== undefined && !slot.killedForHang) this.killForHang(slot, slot.proc);
    for (const q of [...slot.inflight.values()]) this.finish(q, fault(why));
  }

  private killForHang(slot: Slot<Q, R>, proc: JsonlProcess): void {
    slot.killedForHang = true;
    slot.state = 'stopping'; // no new work for it while it dies
    this.counters.hangKills++;
    proc.kill();
  }

  // ---- reading replies --------------------------------------------------------------------------

  private onLine(slot: Slot<Q, R>, proc: JsonlProcess, line: string): void {
    if (slot.proc !== proc) return;
    const text = line.trim();
    if (text === '') return;
    const decoded = this.codec.decode(text);
    if (decoded === undefined) {
      this.counters.junkLines++;
      return;
    }
    const p = slot.inflight.get(decoded.id);
    if (p === undefined) {
      this.counters.unmatchedAnswers++;
      if (!this.askedIds.has(decoded.id)) {
        // Not a late answer: an id nobody asked about. Counted against the requests now waiting.
        this.counters.unknownIdAnswers++;
        slot.unknownIds++;
        slot.lastUnknownId = decoded.id;
        this.settleOverdue(slot, undefined, true);
      } else {
        // A late answer to an earlier request: the program is running.
        this.settleOverdue(slot, undefined, false);
      }
      this.pump();
      return;
    }
    slot.answers++;
    slot.failures = 0;
    this.counters.answered++;
    this.settleOverdue(slot, p, false);
    this.finish(p, { kind: 'reply', reply: decoded.reply, latencyMs: Date.now() - p.sentAt });
    this.pump();
  }

  /**
   * The program wrote an answer line (for `answered`, a request in flight, or for none of them): it
   * is running now. A request whose time limit had run out before (overdue) is then the model's
   * `timeout`, unless this answer is its own (then it is read), or is for an id never asked (its
   * answer may be that one: an error).
   */
  private settleOverdue(slot: Slot<Q, R>, answered: Pending<Q, R> | undefined, unknownId: boolean): void {
    const oldest = slot.inflight.values().next().value;
    if (oldest === undefined || !oldest.overdue || oldest === answered) return;
    const after = `${oldest.limit} ms${oldest.clockFrom > oldest.sentAt ? ' (from when the requests sent before it were answered)' : ''}`;
    if (unknownId) {
      this.finish(
        oldest,
        fault(
          `no answer within ${after}; meanwhile it wrote an answer for an id it was never asked (${JSON.stringify(clip(slot.lastUnknownId, 40))}): its answer may be among them. Not the model's failure`,
        ),
      );
      return;
    }
    this.finish(oldest, {
      kind: 'timeout',
      error: `no answer within ${after}, while the program answered other requests, also after that time`,
      latencyMs: Date.now() - oldest.sentAt,
    });
  }

  private onOversized(slot: Slot<Q, R>, proc: JsonlProcess, head: string, bytes: number): void {
    if (slot.proc !== proc) return;
    this.counters.oversizedLines++;
    // The line is gone, but its beginning usually names the request it answers.
    const id = this.codec.idOfOversized?.(head);
    const p = id === undefined ? undefined : slot.inflight.get(id);
    if (p === undefined) return;
    slot.answers++;
    slot.failures = 0;
    this.counters.answered++;
    this.settleOverdue(slot, p, false);
    this.finish(p, { kind: 'oversized', head, bytes, limit: this.maxLineBytes, latencyMs: Date.now() - p.sentAt });
    this.pump();
  }
}

function fault(error: string): PoolResult<never> {
  return { kind: 'error', error, latencyMs: 0 };
}

/** Resolves once `done()` holds, or after `maxMs` whatever it says. */
function waitUntil(done: () => boolean, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = (): void => {
      if (done() || Date.now() - started >= maxMs) resolve();
      else setTimeout(check, 20);
    };
    check();
  });
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** `s`, cut to `max` characters with a note of how many were left out. */
