import { parentPort } from 'node:worker_threads';

/** Message sent to a worker: one task. */
export interface TaskMessage<I> {
  readonly id: number;
  readonly input: I;
}

/** Message a worker sends back for one task. */
export type ReplyMessage<O> =
  | { readonly id: number; readonly ok: true; readonly value: O }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** Sent once, when the worker has loaded its code and serves tasks (see `createWorkerPool`). */
export interface ReadyMessage {
  readonly ready: true;
}

/**
 * Run `handler` for every task the pool sends to this worker thread. A throw becomes a failed
 * reply rather than killing the worker, so one bad input does not cost a worker restart. Call it
 * once the worker's code is loaded: it tells the pool the worker is ready.
 */
export function serveWorker<I, O>(handler: (input: I) => O | Promise<O>): void {
  const port = parentPort;
  if (port === null) throw new Error('serveWorker must be called inside a worker thread');
  port.on('message', async (message: TaskMessage<I>) => {
    let reply: ReplyMessage<O>;
    try {
      reply = { id: message.id, ok: true, value: await handler(message.input) };
    } catch (error) {
      reply = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  // Everything the worker imports is loaded by now: a task's time limit can start.
  port.postMessage({ ready: true } satisfies ReadyMessage);
}
