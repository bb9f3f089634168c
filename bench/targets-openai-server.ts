/**
 * Worker-thread entry for bench/targets-openai.ts: runs the fake chat-completions server off the
 * benchmark's event loop (a real endpoint is another machine), answering every request after
 * `latencyMs`. Posts `{ baseURL }` when listening; closes on any message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { reply, startFakeOpenAIServer } from '../testkit/fakeOpenAIServer.js';

const { latencyMs, answer } = workerData as { latencyMs: number; answer: string };
const server = await startFakeOpenAIServer(() => reply.answer(answer, { delayMs: latencyMs }));
parentPort!.postMessage({ baseURL: server.baseURL });
parentPort!.once('message', () => {
  void server.close().then(() => process.exit(0));
});
