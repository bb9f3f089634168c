import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from '../../src/util/workerPool.js';

type Input = { kind: 'square' | 'hang' | 'throw' | 'exit'; value: number };

// The fixture worker imports the compiled serveWorker, which `npm test` builds first.
const script = new URL('../fixtures/workers/echoWorker.mjs', import.meta.url);

describe('createWorkerPool', () => {
  let pool: WorkerPool<Input, number> | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('runs tasks concurrently and returns each result to its caller', async () => {
    pool = createWorkerPool<Input, number>({ script, size: 2 });
    const values = Array.from({ length: 20 }, (_, i) => i - 7);
    const results = await Promise.all(values.map((value) => pool!.run({ kind: 'square', value })));
    expect(results.map((r) => (r.ok ? r.value : NaN))).toEqual(values.map((v) => v * v));
  });

  it('terminates a hung task at its time limit and keeps serving the queue', async () => {
    pool = createWorkerPool<Input, number>({ script, size: 1 });
    const hung = pool.run({ kind: 'hang', value: 0 }, { timeoutMs: 200 });
    const after = pool.run({ kind: 'square', value: 9 });
    const [a, b] = await Promise.all([hung, after]);
    expect(a).toMatchObject({ ok: false, kind: 'timeout' });
    expect(b).toEqual({ ok: true, value: 81 });
  });

  it("does not charge a new worker's start to its first task's time limit", async () => {
    // The worker spends three seconds loading before it serves; the tasks' limit is 1.5 s.
    const slow = createWorkerPool<Input, number>({ script: new URL('../fixtures/workers/slowStartWorker.mjs', import.meta.url), size: 1 });
    pool = slow;
    const results = await Promise.all([2, 3].map((value) => slow.run({ kind: 'square', value }, { timeoutMs: 1500 })));
    expect(results).toEqual([
      { ok: true, value: 4 },
      { ok: true, value: 9 },
    ]);
  });

  it('reports a throw as crashed with its message, and a dying worker as crashed', async () => {
    pool = createWorkerPool<Input, number>({ script, size: 1 });
    const thrown = await pool.run({ kind: 'throw', value: 5 });
    expect(thrown).toEqual({ ok: false, kind: 'crashed', message: 'bad input 5' });
    const exited = await pool.run({ kind: 'exit', value: 0 });
    expect(exited).toMatchObject({ ok: false, kind: 'crashed' });
    expect(await pool.run({ kind: 'square', value: 4 })).toEqual({ ok: true, value: 16 });
  });

  it('aborts a running task through its signal, and refuses work after close', async () => {
    pool = createWorkerPool<Input, number>({ script, size: 1 });
    const controller = new AbortController();
    const running = pool.run({ kind: 'hang', value: 0 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await running).toMatchObject({ ok: false, kind: 'aborted' });
    await pool.close();
    expect(await pool.run({ kind: 'square', value: 2 })).toMatchObject({ ok: false, kind: 'closed' });
  });
});
