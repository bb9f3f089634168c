/**
 * Throughput of the OpenAI target against the local fake server: every request is answered after a
 * fixed delay L, the target runs C requests at once, so N problems cannot take less than N·L/C. The
 * target is expected to stay within 1.15 × that bound (HTTP, JSON, answer extraction and the limiter
 * are the overhead). Prints the measured time, the bound and the ratio; asserts nothing.
 *
 * The fake server runs in a worker thread (bench/targets-openai-server.ts).
 *
 * Run through `npm run bench:targets` (bench/targets.ts): `-- --only openai [--openai N,L_ms,C]`
 * (BENCH_REPEATS=3: best of 3).
 */
import { Worker } from 'node:worker_threads';
import { parseExpr } from '../src/expr/parse.js';
import { openaiTarget } from '../src/targets/openai/openaiTarget.js';
import type { TargetProblem } from '../src/targets/types.js';

interface Scenario {
  readonly problems: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly k: number;
}

function problemsOf(n: number): TargetProblem[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i}`, expr: parseExpr(`x^${i + 1}`), infix: `x^${i + 1}`, latex: `x^{${i + 1}}` }));
}

const ANSWER = String.raw`We use the power rule $\int x^n\,dx = \frac{x^{n+1}}{n+1}$ and simplify the result step by step.

$$\int x^{3}\,dx = \frac{x^{4}}{4} + C$$

\boxed{\frac{x^{4}}{4} + C}`;

interface Measured {
  readonly seconds: number;
  readonly requests: number;
  readonly ok: number;
}

async function withServer<T>(latencyMs: number, body: (baseURL: string) => Promise<T>): Promise<T> {
  // The server runs in a worker thread, so that its work is not charged to the client being measured.
  const worker = new Worker(new URL('./targets-openai-server.js', import.meta.url), { workerData: { latencyMs, answer: ANSWER } });
  const { baseURL } = await new Promise<{ baseURL: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  try {
    return await body(baseURL);
  } finally {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

function seconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** sagga's OpenAI target: prompt, openai client, limiter, retries, answer extraction. */
async function runTarget(s: Scenario): Promise<Measured> {
  return withServer(s.latencyMs, async (baseURL) => {
    const target = openaiTarget({ model: 'bench', baseURL, apiKey: 'k-bench', concurrency: s.concurrency, retries: 0 });
    try {
      await target.solve(problemsOf(1), 1); // warm-up: module code paths and the first connection
      const before = target.stats().requests;
      const started = process.hrtime.bigint();
      const outcomes = await target.solve(problemsOf(s.problems), s.k);
      const elapsed = seconds(started);
      const ok = outcomes.reduce((n, o) => n + o.answers.filter((a) => a.status === 'ok').length, 0);
      return { seconds: elapsed, requests: target.stats().requests - before, ok };
    } finally {
      await target.close();
    }
  });
}

/** The reference: the same requests with bare fetch and a worker pool, nothing parsed beyond JSON. */
async function runBareFetch(s: Scenario): Promise<Measured> {
  return withServer(s.latencyMs, async (baseURL) => {
    const post = async (i: number): Promise<unknown> => {
      const res = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k-bench' },
        body: JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: `x^{${i + 1}}` }], ...(s.k > 1 ? { n: s.k } : {}) }),
      });
      return res.json();
    };
    await post(0);
    let next = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: s.concurrency }, async () => {
        while (next < s.problems) await post(next++);
      }),
    );
    return { seconds: seconds(started), requests: s.problems, ok: s.problems * s.k };
  });
}

/** Each measurement is repeated and the fastest kept: on a shared machine the others measure the neighbours. */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

async function bestOf(times: number, run: () => Promise<Measured>): Promise<Measured> {
  let best: Measured | undefined;
  for (let i = 0; i < Math.max(1, times); i++) {
    const m = await run();
    if (best === undefined || m.seconds < best.seconds) best = m;
  }
  return best!;
}

function row(label: string, s: Scenario, r: Measured, bound: number): string {
  return (
    `${label.padEnd(10)} ${String(s.problems).padStart(5)} ${String(s.latencyMs).padStart(5)} ${String(s.concurrency).padStart(4)} ${String(s.k).padStart(2)} ` +
    `${String(r.requests).padStart(8)} ${String(r.ok).padStart(6)} ${r.seconds.toFixed(3).padStart(9)} ${bound.toFixed(3).padStart(8)} ${(r.seconds / bound).toFixed(3).padStart(6)}`
  );
}

/**
 * Run the scenarios (or the one given as `[N, L_ms, C]` in `args`) and print the table, ending with
 * the worst ratio of the target's time to N·L/C. Run by bench/targets.ts (`npm run bench:targets`).
 */
export async function runOpenAIBenchmark(args: readonly string[]): Promise<void> {
  const [nArg, lArg, cArg] = args.map(Number);
  // N is a multiple of C in every default scenario, so N·L/C is reachable, not just a lower bound.
  const scenarios: Scenario[] =
    nArg > 0
      ? [{ problems: nArg, latencyMs: lArg > 0 ? lArg : 50, concurrency: cArg > 0 ? cArg : 8, k: 1 }]
      : [
          { problems: 200, latencyMs: 50, concurrency: 8, k: 1 },
          { problems: 96, latencyMs: 200, concurrency: 8, k: 1 },
          { problems: 256, latencyMs: 100, concurrency: 32, k: 1 },
          { problems: 200, latencyMs: 50, concurrency: 8, k: 4 },
          // A fast real endpoint: half a second per completion.
          { problems: 64, latencyMs: 500, concurrency: 8, k: 1 },
        ];
  console.log('OpenAI target vs a fake server answering after L ms (server in a worker thread).');
  console.log(`bound = N·L/C; the target should stay within 1.15 × bound. "fetch" is bare fetch, for reference. Best of ${REPEATS}.`);
  console.log('client         N     L    C  k requests  answers  seconds    bound  ratio');
  let worst = 0;
  let worstVsFetch = 0;
  for (const s of scenarios) {
    const bound = (s.problems * (s.latencyMs / 1000)) / s.concurrency;
    const reference = await bestOf(REPEATS, () => runBareFetch(s));
    console.log(row('fetch', s, reference, bound));
    const r = await bestOf(REPEATS, () => runTarget(s));
    console.log(row('openai', s, r, bound));
    worst = Math.max(worst, r.seconds / bound);
    worstVsFetch = Math.max(worstVsFetch, r.seconds / reference.seconds);
  }
  console.log(`worst target ratio ${worst.toFixed(3)} (${worst <= 1.15 ? 'within' : 'OVER'} 1.15); worst target / bare fetch ${worstVsFetch.toFixed(3)}`);
}
