import { Worker } from 'node:worker_threads';
import type { ReadyMessage, ReplyMessage, TaskMessage } from './serveWorker.js';

export interface WorkerPoolOptions {
  /** Compiled worker script (see compiledModuleUrl). */
  readonly script: URL;
  readonly size: number;
  readonly name?: string;
  readonly workerData?: unknown;
}

export interface RunOptions {
  /**
   * The task's worker is terminated and replaced when the task runs longer than this, counted from
   * when the worker is ready: a fresh worker's start (loading a CAS) is not charged to its first task.
   */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export type TaskFailure = 'timeout' | 'crashed' | 'aborted' | 'closed';

export type TaskResult<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly kind: TaskFailure; readonly message: string };

export interface WorkerPool<I, O> {
  run(input: I, opts?: RunOptions): Promise<TaskResult<O>>;
  readonly size: number;
  close(): Promise<void>;
}

interface Task<I, O> {
  readonly id: number;
  readonly input: I;
  readonly opts: RunOptions;
  readonly resolve: (result: TaskResult<O>) => void;
  settled: boolean;
}

interface Slot<I, O> {
  worker: Worker;
  task: Task<I, O> | undefined;
  timer: NodeJS.Timeout | undefined;
  /** The worker has loaded its code (its `serveWorker` said so). */
  ready: boolean;
  /** Kills a worker that never gets ready. */
  bootTimer: NodeJS.Timeout | undefined;
}

// How long a new worker may take to load its code before it is given up as crashed. Generous: on a
// loaded machine loading a CAS takes seconds, and until then its first task's time limit waits.
const BOOT_LIMIT_MS = 60_000;

/**
 * A fixed-size pool of worker threads for CPU-bound or possibly non-terminating work (CAS
 * integrators can loop forever). A task past its time limit terminates its worker, which is
 * replaced, so a hang costs one worker start and never blocks the queue. The time limit runs from
 * when the worker is ready, so whether a task times out does not depend on whether its worker was
 * new, nor on how long loading took on a busy machine.
 */
export function createWorkerPool<I, O>(options: WorkerPoolOptions): WorkerPool<I, O> {
  return new ThreadPool<I, O>(options);
}

class ThreadPool<I, O> implements WorkerPool<I, O> {
  readonly size: number;
  private readonly slots: Slot<I, O>[] = [];
  private readonly queue: Task<I, O>[] = [];
  private nextId = 1;
  private closed = false;
  // One listener per signal, however many tasks share it (a batch usually does).
  private readonly waiting = new Map<AbortSignal, Set<Task<I, O>>>();

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
  }

  run(input: I, opts: RunOptions = {}): Promise<TaskResult<O>> {
    if (this.closed) return Promise.resolve({ ok: false, kind: 'closed', message: 'worker pool is closed' });
    if (opts.signal?.aborted) return Promise.resolve({ ok: false, kind: 'aborted', message: 'aborted' });
    return new Promise((resolve) => {
      const task: Task<I, O> = { id: this.nextId++, input, opts, resolve, settled: false };
      const signal = opts.signal;
      if (signal !== undefined) {
        let tasks = this.waiting.get(signal);
        if (tasks === undefined) {
          tasks = new Set();
          this.waiting.set(signal, tasks);
          signal.addEventListener('abort', () => this.abortAll(signal), { once: true });
        }
        tasks.add(task);
      }
      this.queue.push(task);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, { ok: false, kind: 'closed', message: 'worker pool closed' });
    const all = this.slots.splice(0);
    for (const slot of all) {
      clearTimeout(slot.bootTimer);
      const task = slot.task;
      this.finishSlot(slot);
      if (task !== undefined) this.settle(task, { ok: false, kind: 'closed', message: 'worker pool closed' });
    }
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  private abortAll(signal: AbortSignal): void {
    const tasks = this.waiting.get(signal);
    this.waiting.delete(signal);
    for (const task of tasks ?? []) {
      const slot = this.slots.find((s) => s.task === task);
      if (slot !== undefined) this.kill(slot, 'aborted', 'aborted');
      else this.settle(task, { ok: false, kind: 'aborted', message: 'aborted' });
    }
  }

  private settle(task: Task<I, O>, result: TaskResult<O>): void {
    if (task.settled) return;
    task.settled = true;
    const signal = task.opts.signal;
    if (signal !== undefined) this.waiting.get(signal)?.delete(task);
    task.resolve(result);
  }

  private startWorker(): Slot<I, O> {
    const worker = new Worker(this.options.script, { workerData: this.options.workerData, name: this.options.name });
    const slot: Slot<I, O> = { worker, task: undefined, timer: undefined, ready: false, bootTimer: undefined };
    slot.bootTimer = setTimeout(() => this.kill(slot, 'crashed', `the worker did not start within ${BOOT_LIMIT_MS} ms`), BOOT_LIMIT_MS);
    slot.bootTimer.unref();
    worker.on('message', (reply: ReplyMessage<O> | ReadyMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        clearTimeout(slot.bootTimer);
        slot.bootTimer = undefined;
        if (slot.task !== undefined) this.startTimer(slot, slot.task);
        return;
      }
      const task = slot.task;
      if (task === undefined || task.id !== reply.id) return;
      this.finishSlot(slot);
      this.settle(task, reply.ok ? { ok: true, value: reply.value } : { ok: false, kind: 'crashed', message: reply.message });
      this.pump();
    });
    worker.on('error', (error) => this.onDeath(slot, `worker crashed: ${error.message}`));
    worker.on('exit', (code) => this.onDeath(slot, `worker exited with code ${code}`));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private onDeath(slot: Slot<I, O>, reason: string): void {
    clearTimeout(slot.bootTimer);
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = slot.task;
    this.finishSlot(slot);
    if (task !== undefined) this.settle(task, { ok: false, kind: 'crashed', message: reason });
    this.pump();
  }

  private finishSlot(slot: Slot<I, O>): void {
    if (slot.timer !== undefined) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    slot.worker.unref();
  }

  // Terminating is the only way to stop a synchronous loop inside a worker.
  private kill(slot: Slot<I, O>, kind: TaskFailure, message: string): void {
    clearTimeout(slot.bootTimer);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const task = slot.task;
    this.finishSlot(slot);
    if (task !== undefined) this.settle(task, { ok: false, kind, message });
    void slot.worker.terminate();
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      let slot = this.slots.find((s) => s.task === undefined);
      if (slot === undefined) {
        if (this.slots.length >= this.size) return;
        slot = this.startWorker();
      }
      const task = this.queue.shift()!;
      if (task.settled) continue;
      slot.task = task;
      slot.worker.ref();
      // A worker still loading gets the task now (it waits in its queue) and the clock when ready.
      if (slot.ready) this.startTimer(slot, task);
      const message: TaskMessage<I> = { id: task.id, input: task.input };
      slot.worker.postMessage(message);
    }
  }

  private startTimer(slot: Slot<I, O>, task: Task<I, O>): void {
    if (task.opts.timeoutMs === undefined || !Number.isFinite(task.opts.timeoutMs)) return;
    const ms = task.opts.timeoutMs;
    slot.timer = setTimeout(() => this.kill(slot, 'timeout', `no result within ${ms} ms`), ms);
  }
}
