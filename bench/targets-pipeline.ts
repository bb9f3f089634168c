/**
 * The continuous pipeline against heavy-tailed latencies (`npm run bench:targets -- --only pipeline`).
 *
 * A local chat-completions server (in a worker thread) answers most requests after L ms and one in 32
 * after 30·L. A search at concurrency C runs a few generations against it; for each generation the
 * server's log gives the requests in the order they arrived and their latencies, from which the time
 * of an ideal dispatcher follows: C slots, none idle while a request waits (`greedyMakespan`). Beside
 * it, in the same run, the same problems are sent the way sagga sent them before the pipeline: in
 * chunks of max(32, 4·C), each chunk waited for in full before the next goes out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix, toLatex } from '../src/expr/print.js';
import { search } from '../src/search/search.js';
import { silentProgress } from '../src/search/progressReporter.js';
import { createTarget } from '../src/targets/registry.js';
import type { TargetProblem } from '../src/targets/types.js';
import { greedyMakespan } from './pipelineLatency.js';

interface Arrival {
  readonly at: number;
  readonly latencyMs: number;
}

interface Server {
  readonly baseURL: string;
  log(): Promise<Arrival[]>;
  close(): Promise<void>;
}

async function startServer(latencyMs: number): Promise<Server> {
  const worker = new Worker(new URL('./targets-pipeline-server.js', import.meta.url), { workerData: { latencyMs } });
  const baseURL = await new Promise<string>((resolve) => worker.once('message', (m: { baseURL: string }) => resolve(m.baseURL)));
  return {
    baseURL,
    log: () =>
      new Promise((resolve) => {
        worker.once('message', (m: { log: Arrival[] }) => resolve(m.log));
        worker.postMessage('log');
      }),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/** Wall time of a stretch of requests as the server saw it: first arrival to last answer. */
function span(requests: readonly Arrival[]): number {
  if (requests.length === 0) return 0;
  const start = Math.min(...requests.map((r) => r.at));
  const end = Math.max(...requests.map((r) => r.at + r.latencyMs));
  return end - start;
}

export interface PipelineScenario {
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly generationSize: number;
  readonly generations: number;
}

export async function runPipelineBenchmark(scenario: PipelineScenario): Promise<{ ours: number; chunked: number }> {
  const { latencyMs, concurrency, generationSize, generations } = scenario;
  const server = await startServer(latencyMs);
  const dir = mkdtempSync(join(tmpdir(), 'sagga-bench-pipeline-'));
  process.env.OPENAI_API_KEY ??= 'sk-bench-local';
  try {
    const out = join(dir, 'run');
    // Only the model's calls: no canaries, references or shrinking, so the server's log is the generations'.
    await search(
      {
        target: 'openai:bench',
        out,
        rngSeed: 'pipeline',
        generationSize,
        seedSize: 20,
        clusters: 4,
        maxGenerations: generations,
        concurrency,
        canaries: false,
        reference: 'none',
        shrinkCalls: 0,
        targetOptions: { openai: { baseURL: server.baseURL, retries: 0 } },
      },
      { progress: silentProgress(), signal: new AbortController().signal },
    );
    const rows = readFileSync(join(out, 'generations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { generation: number; calls: { problems: number } });
    const log = await server.log();
    const evaluated = readFileSync(join(out, 'evaluated.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { generation: number; problem: string });

    console.log(
      `Pipeline vs chunked dispatch: L = ${latencyMs} ms (1 in 32 after ${30 * latencyMs} ms), concurrency ${concurrency}, ${generations} generations of ${generationSize}.`,
    );
    console.log('generation  requests   ideal s   ours s  ratio   chunked s  ratio');
    let offset = 0;
    let sumIdeal = 0;
    let sumOurs = 0;
    let sumChunked = 0;
    let sumChunkedIdeal = 0;
    const target = await createTarget('openai:bench', { concurrency, openai: { baseURL: server.baseURL, retries: 0 } });
    try {
      for (const row of rows) {
        const requests = log.slice(offset, offset + row.calls.problems);
        offset += row.calls.problems;
        const ideal =
          greedyMakespan(
            requests.map((r) => r.latencyMs),
            concurrency,
          ) / 1000;
        const ours = span(requests) / 1000;
        // The same problems, the old way: chunks of max(32, 4·C), one after the other.
        const problems: TargetProblem[] = evaluated
          .filter((e) => e.generation === row.generation)
          .map((e, i) => {
            const expr = parseExpr(e.problem);
            return { id: `c${row.generation}-${i}`, expr, infix: toInfix(expr), latex: toLatex(expr) };
          });
        const before = (await server.log()).length;
        const chunk = Math.max(32, 4 * concurrency);
        const started = performance.now();
        for (let i = 0; i < problems.length; i += chunk) await target.solve(problems.slice(i, i + chunk), 1);
        const chunked = (performance.now() - started) / 1000;
        const chunkedRequests = (await server.log()).slice(before);
        const chunkedIdeal =
          greedyMakespan(
            chunkedRequests.map((r) => r.latencyMs),
            concurrency,
          ) / 1000;
        sumIdeal += ideal;
        sumOurs += ours;
        sumChunked += chunked;
        sumChunkedIdeal += chunkedIdeal;
        console.log(
          `${String(row.generation).padStart(10)} ${String(requests.length).padStart(9)} ${ideal.toFixed(2).padStart(9)} ${ours.toFixed(2).padStart(8)} ${(ours / ideal).toFixed(2).padStart(6)} ${chunked.toFixed(2).padStart(11)} ${(chunked / chunkedIdeal).toFixed(2).padStart(6)}`,
        );
      }
    } finally {
      await target.close();
    }
    const oursRatio = sumOurs / sumIdeal;
    const chunkedRatio = sumChunked / sumChunkedIdeal;
    console.log(`all generations: pipeline ${oursRatio.toFixed(2)}× the ideal dispatcher (target ≤ 1.15), chunked ${chunkedRatio.toFixed(2)}×`);
    return { ours: oursRatio, chunked: chunkedRatio };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
