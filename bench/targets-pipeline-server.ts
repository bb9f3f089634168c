/**
 * Worker-thread entry for bench/targets-pipeline.ts: the fake chat-completions server with a
 * heavy-tailed latency, off the benchmark's event loop. A request whose prompt hashes to 0 mod 32 is
 * answered after 30·L, the others after L (`pipelineLatencyMs`). Posts `{ baseURL }` when listening;
 * on a `'log'` message posts the arrival times and latencies of every request so far; closes on `'close'`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { reply, startFakeOpenAIServer } from '../testkit/fakeOpenAIServer.js';
import { pipelineLatencyMs } from './pipelineLatency.js';

const { latencyMs } = workerData as { latencyMs: number };
const server = await startFakeOpenAIServer((request) => reply.answer('x', { delayMs: pipelineLatencyMs(request.prompt, latencyMs) }));
parentPort!.postMessage({ baseURL: server.baseURL });
parentPort!.on('message', (message: string) => {
  if (message === 'log') parentPort!.postMessage({ log: server.requests.map((r) => ({ at: r.at, latencyMs: pipelineLatencyMs(r.prompt, latencyMs) })) });
  else void server.close().then(() => process.exit(0));
});
