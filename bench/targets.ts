/**
 * `npm run bench:targets`: the figures the models-under-test issue asks for, in three parts.
 *
 * 1. `cas` — CAS targets (nerdamer, Algebrite in worker threads; SymPy, Maxima as subprocesses):
 *    problems per second on the problems a search meets first — mutants of the default seed set
 *    (seeds/default.txt) made with the search's default mutation preset (`uniform`), kept when the
 *    search's candidate check accepts them and when new; each accepted mutant may itself be
 *    mutated again, as later generations do. Every target gets the same list, the same time limit
 *    per problem and its default number of workers (the machine's cores for the in-process systems,
 *    2 processes for SymPy and Maxima). A target whose Debian package is missing is reported and
 *    skipped.
 * 2. `openai` — the OpenAI target against the local fake server (bench/targets-openai.ts): N
 *    problems at delay L and concurrency C against the N·L/C bound (target ≤ 1.15).
 * 3. `pipeline` — a search against a server with heavy-tailed latency, each generation's time beside an
 *    ideal dispatcher's and beside the chunked dispatch sagga used before (bench/targets-pipeline.ts).
 * 4. `precision` — conversion of nerdamer's and Algebrite's answers on a few hundred problems and of
 *    SymPy's on 200 integrands, and the precision of nerdamer failures checked by SymPy
 *    (bench/cas-precision.ts, target ≥ 99 %).
 *
 * Run: npm run bench:targets -- [--only cas,openai,precision] [--problems 200] [--time-limit 5000]
 *      [--seed bench-targets] [--cas nerdamer,algebrite,sympy,maxima] [--openai N,L_ms,C]
 *      [--conversions 300] [--integrands 200] [--wrong 300] [--precision-seed cas-precision] [--json FILE]
 */
import { availableParallelism } from 'node:os';
import { canonicalKey } from '../src/expr/canonical.js';
import type { Expr } from '../src/expr/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { createTarget } from '../src/targets/registry.js';
import type { TargetProblem } from '../src/targets/types.js';
import { createRng } from '../src/util/rng.js';
import { mutate } from '../mutations/mutate.js';
import { resolveMutationConfig } from '../mutations/presets.js';
import { benchArg } from './benchArg.js';
import { runCasPrecision } from './cas-precision.js';
import { distinctProblem } from '../testkit/distinctProblem.js';
import { runOpenAIBenchmark } from './targets-openai.js';
import { runPipelineBenchmark } from './targets-pipeline.js';

interface Options {
  readonly problems: number;
  readonly timeLimitMs: number;
  readonly seed: string;
  readonly cas: readonly string[];
  readonly parts: readonly string[];
  /** One OpenAI scenario `N,L_ms,C` instead of the default ones. */
  readonly openai: readonly string[];
}

function parseOptions(argv: readonly string[]): Options {
  return {
    problems: Number(benchArg(argv, 'problems') ?? 200),
    timeLimitMs: Number(benchArg(argv, 'time-limit') ?? 5000),
    seed: benchArg(argv, 'seed') ?? 'bench-targets',
    cas: (benchArg(argv, 'cas') ?? 'nerdamer,algebrite,sympy,maxima').split(',').filter((s) => s !== ''),
    parts: (benchArg(argv, 'only') ?? 'cas,openai,pipeline,precision').split(',').filter((s) => s !== ''),
    openai: (benchArg(argv, 'openai') ?? '').split(',').filter((s) => s !== ''),
  };
}

/** `count` distinct, valid mutants grown from the default seeds with the search's default preset. */
function seedMutants(count: number, seed: string): TargetProblem[] {
  const rng = createRng(seed);
  const config = resolveMutationConfig('uniform');
  const pool: Expr[] = [...loadSeeds('default').exprs];
  const seen = new Set(pool.map((e) => canonicalKey(e)));
  const out: TargetProblem[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 100; attempts++) {
    const parent = rng.pick(pool);
    let mutant: Expr;
    try {
      mutant = mutate(parent, rng, config);
    } catch {
      continue;
    }
    const problem = distinctProblem(mutant, `m${out.length}`, seen);
    if (problem === undefined) continue;
    pool.push(problem.expr);
    out.push(problem);
  }
  return out;
}

async function benchCas(name: string, problems: readonly TargetProblem[], options: Options): Promise<void> {
  let target: Awaited<ReturnType<typeof createTarget>>;
  try {
    target = await createTarget(name, { concurrency: availableParallelism(), timeLimitMs: options.timeLimitMs });
  } catch (err) {
    console.log(`${name.padEnd(10)} skipped: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  try {
    // Warm-up: starts the workers or processes and loads the system, which a search pays once.
    await target.solve(
      problems.slice(0, 2).map((p) => ({ ...p, id: `warm-${p.id}` })),
      1,
    );
    const started = performance.now();
    const outcomes = await target.solve(problems, 1);
    const seconds = (performance.now() - started) / 1000;
    const statuses: Record<string, number> = {};
    for (const o of outcomes) {
      const a = o.answers[0];
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    const ps = problems.length / seconds;
    console.log(
      `${name.padEnd(10)} ${String(problems.length).padStart(8)} ${seconds.toFixed(1).padStart(8)} ${ps.toFixed(1).padStart(10)}  ${JSON.stringify(statuses)}`,
    );
  } finally {
    await target.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const unknownParts = options.parts.filter((p) => !['cas', 'openai', 'pipeline', 'precision'].includes(p));
  if (unknownParts.length > 0) throw new Error(`--only: unknown part(s) ${unknownParts.join(', ')} (cas, openai, pipeline, precision)`);
  if (options.parts.includes('cas')) {
    const problems = seedMutants(options.problems, options.seed);
    console.log(
      `## CAS targets on ${problems.length} mutants of seeds/default.txt (preset uniform, seed ${options.seed}), ` +
        `time limit ${options.timeLimitMs} ms per problem, ${availableParallelism()} cores.`,
    );
    console.log('target     problems  seconds  problems/s  outcomes');
    for (const name of options.cas) await benchCas(name, problems, options);
    console.log('');
  }
  if (options.parts.includes('openai')) {
    console.log('## OpenAI target against the local fake server');
    await runOpenAIBenchmark(options.openai);
    console.log('');
  }
  if (options.parts.includes('pipeline')) {
    console.log('## The search pipeline against heavy-tailed latencies');
    await runPipelineBenchmark({ latencyMs: Number(benchArg(argv, 'pipeline-latency') ?? 100), concurrency: 4, generationSize: 128, generations: 3 });
    console.log('');
  }
  if (options.parts.includes('precision')) {
    console.log('## CAS answers: conversion, and precision of nerdamer failures (SymPy check)');
    await runCasPrecision(argv);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
