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

export type TaskResult<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly kind: TaskFailure; readonly message: string };

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
  const size = Math.max(1, Math.floor(options.size));
  const slots: Slot<I, O>[] = [];
  const queue: Task<I, O>[] = [];
  let nextId = 1;
  let closed = false;
  // One listener per signal, however many tasks share it (a batch usually does).
  const waiting = new Map<AbortSignal, Set<Task<I, O>>>();

  const abortAll = (signal: AbortSignal): void => {
    const tasks = waiting.get(signal);
    waiting.delete(signal);
    for (const task of tasks ?? []) {
      const slot = slots.find((s) => s.task === task);
      if (slot !== undefined) kill(slot, 'aborted', 'aborted');
      else settle(task, { ok: false, kind: 'aborted', message: 'aborted' });
    }
  };

  const settle = (task: Task<I, O>, result: TaskResult<O>): void => {
    if (task.settled) return;
    task.settled = true;
    const signal = task.opts.signal;
    if (signal !== undefined) waiting.get(signal)?.delete(task);
    task.resolve(result);
  };

  const startWorker = (): Slot<I, O> => {
    const worker = new Worker(options.script, { workerData: options.workerData, name: options.name });
    const slot: Slot<I, O> = { worker, task: undefined, timer: undefined, ready: false, bootTimer: undefined };
    slot.bootTimer = setTimeout(() => kill(slot, 'crashed', `the worker did not start within ${BOOT_LIMIT_MS} ms`), BOOT_LIMIT_MS);
    slot.bootTimer.unref();
    worker.on('message', (reply: ReplyMessage<O> | ReadyMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        clearTimeout(slot.bootTimer);
        slot.bootTimer = undefined;
        if (slot.task !== undefined) startTimer(slot, slot.task);
        return;
      }
      const task = slot.task;
      if (task === undefined || task.id !== reply.id) return;
      finishSlot(slot);
      settle(task, reply.ok ? { ok: true, value: reply.value } : { ok: false, kind: 'crashed', message: reply.message });
      pump();
    });
    const onDeath = (reason: string): void => {
      clearTimeout(slot.bootTimer);
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      const task = slot.task;
      finishSlot(slot);
      if (task !== undefined) settle(task, { ok: false, kind: 'crashed', message: reason });
      pump();
    };
    worker.on('error', (error) => onDeath(`worker crashed: ${error.message}`));
    worker.on('exit', (code) => onDeath(`worker exited with code ${code}`));
    worker.unref();
    slots.push(slot);
    return slot;
  };

  const finishSlot = (slot: Slot<I, O>): void => {
    if (slot.timer !== undefined) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    slot.worker.unref();
  };

  // Terminating is the only way to stop a synchronous loop inside a worker.
  const kill = (slot: Slot<I, O>, kind: TaskFailure, message: string): void => {
    clearTimeout(slot.bootTimer);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const task = slot.task;
    finishSlot(slot);
    if (task !== undefined) settle(task, { ok: false, kind, message });
    void slot.worker.terminate();
    pump();
  };

  const pump = (): void => {
    while (!closed && queue.length > 0) {
      let slot = slots.find((s) => s.task === undefined);
      if (slot === undefined) {
        if (slots.length >= size) return;
        slot = startWorker();
      }
      const task = queue.shift()!;
      if (task.settled) continue;
      slot.task = task;
      slot.worker.ref();
      // A worker still loading gets the task now (it waits in its queue) and the clock when ready.
      if (slot.ready) startTimer(slot, task);
      const message: TaskMessage<I> = { id: task.id, input: task.input };
      slot.worker.postMessage(message);
    }
  };

  const startTimer = (slot: Slot<I, O>, task: Task<I, O>): void => {
    if (task.opts.timeoutMs === undefined || !Number.isFinite(task.opts.timeoutMs)) return;
    const ms = task.opts.timeoutMs;
    slot.timer = setTimeout(() => kill(slot, 'timeout', `no result within ${ms} ms`), ms);
  };

  return {
    size,
    run(input: I, opts: RunOptions = {}): Promise<TaskResult<O>> {
      if (closed) return Promise.resolve({ ok: false, kind: 'closed', message: 'worker pool is closed' });
      if (opts.signal?.aborted) return Promise.resolve({ ok: false, kind: 'aborted', message: 'aborted' });
      return new Promise((resolve) => {
        const task: Task<I, O> = { id: nextId++, input, opts, resolve, settled: false };
        const signal = opts.signal;
        if (signal !== undefined) {
          let tasks = waiting.get(signal);
          if (tasks === undefined) {
            tasks = new Set();
            waiting.set(signal, tasks);
            signal.addEventListener('abort', () => abortAll(signal), { once: true });
          }
          tasks.add(task);
        }
        queue.push(task);
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const task of queue.splice(0)) settle(task, { ok: false, kind: 'closed', message: 'worker pool closed' });
      const all = slots.splice(0);
      for (const slot of all) {
        clearTimeout(slot.bootTimer);
        const task = slot.task;
        finishSlot(slot);
        if (task !== undefined) settle(task, { ok: false, kind: 'closed', message: 'worker pool closed' });
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
