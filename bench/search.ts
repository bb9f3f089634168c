/*
 * npm run bench:search
 *
 * 1. The search engine's own time per generation of 1000 candidates (the paper's generation size),
 *    with the target taken out: mutation + validation + dedupe (ask), embedding, fitness + archive +
 *    k-means seed selection, and the durable archive/checkpoint writes. Every problem is made a
 *    failure (a target that instantly declines), which is the engine's worst case: every problem
 *    is embedded, scored, archived and clustered.
 * 2. A whole run against nerdamer with the paper's settings, and the share of its time the engine
 *    takes (the rest is nerdamer's integration and the verifier).
 *
 * Targets: under 1 s per 1000-candidate generation with the structural embedder; under 10 % of a
 * run's time against nerdamer. Prints Markdown tables.
 */
import { signature } from '../src/expr/signature.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseFitnessSpec } from '../fitness/parseFitnessSpec.js';
import { mutate } from '../mutations/mutate.js';
import { resolveMutationConfig } from '../mutations/presets.js';
import { createEmbedder } from '../src/embed/createEmbedder.js';
import type { Embedder } from '../src/embed/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { packageRoot } from '../src/util/packageRoot.js';
import { silentProgress } from '../src/search/progressReporter.js';
import { SEARCH_DEFAULTS } from '../src/search/resolveSearchSettings.js';
import { parseBugLean } from '../src/population/bugLean.js';
import { RunFiles, ZERO_TOTALS } from '../src/run/runFiles.js';
import { runGenerations } from '../src/search/runGenerations.js';
import { SearchEngine, type Evaluation } from '../src/search/searchEngine.js';
import { RUN_FILES, type GenerationRecord, type RunConfig, type SearchSettings } from '../src/run/runSchema.js';
import { checkCandidate } from '../constraints/checkCandidate.js';
import { DEFAULT_CANDIDATE_LIMITS } from '../constraints/candidateLimits.js';
import { createNerdamerTarget } from '../src/targets/nerdamer/nerdamerTarget.js';
import type { Target } from '../src/targets/types.js';
import { createRng } from '../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';

const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 6);
const RUN_GENERATIONS = Number(process.env.BENCH_RUN_GENERATIONS ?? 4);

interface EngineTiming {
  ask: number;
  embed: number;
  selectAndScore: number;
  io: number;
  total: number;
  asked: number;
}

/** Wrap an embedder to time it. */
function timed(embedder: Embedder, sink: { seconds: number }): Embedder {
  return {
    name: embedder.name,
    dim: embedder.dim,
    async embed(exprs) {
      const t = performance.now();
      const out = await embedder.embed(exprs);
      sink.seconds += (performance.now() - t) / 1000;
      return out;
    },
  };
}

/** The engine's timing commits a generation line of one field, as it always has: only the archive and evaluated lines' writing is measured. */
function shortGenerationLine(generation: number): GenerationRecord {
  return { generation } as unknown as GenerationRecord;
}

async function engineGenerations(embedderSpec: string): Promise<EngineTiming[]> {
  const mutationConfig = resolveMutationConfig('uniform');
  const embedSink = { seconds: 0 };
  const embedder = timed(await createEmbedder(embedderSpec), embedSink);
  const engine = new SearchEngine(
    // Every decline counts (`failures: all`), so each generation archives and scores all it asked.
    {
      ...SEARCH_DEFAULTS,
      bugLean: parseBugLean(SEARCH_DEFAULTS.bugLean),
      archiveSize: 1_000_000,
      maxGenerations: null,
      targetName: 'declines-everything',
      failures: 'all',
      novelty: 'exact',
    },
    {
      mutate: (tree, rng) => mutate(tree, rng, mutationConfig),
      checkCandidate: (e) => checkCandidate(e),
      embedder,
      fitness: await parseFitnessSpec('short'),
      rng: createRng('bench'),
      initialSeeds: loadSeeds('default').exprs,
      signature,
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'sagga-bench-engine-'));
  const files = new RunFiles(dir);
  files.reconcile(null);
  const timings: EngineTiming[] = [];
  try {
    for (let g = 0; g < GENERATIONS; g++) {
      let t = performance.now();
      const ask = await engine.ask();
      const askSeconds = (performance.now() - t) / 1000;
      const evaluations: Evaluation[] = ask.problems.map((problem) => ({
        problem,
        judgement: {
          status: 'fail',
          kind: 'no-answer',
          reason: 'declined',
          answers: [{ text: 'I cannot', status: 'no-answer', verdict: null, reason: 'declined' }],
          proof: null,
        },
      }));
      embedSink.seconds = 0;
      t = performance.now();
      const told = await engine.tell(evaluations);
      const tellSeconds = (performance.now() - t) / 1000;
      t = performance.now();
      files.commit(
        { archive: told.archived, evaluated: told.evaluated, generation: shortGenerationLine(told.generation) },
        { engine: engine.state(), rngState: {}, totals: ZERO_TOTALS },
      );
      const ioSeconds = (performance.now() - t) / 1000;
      timings.push({
        ask: askSeconds,
        embed: embedSink.seconds,
        selectAndScore: tellSeconds - embedSink.seconds,
        io: ioSeconds,
        total: askSeconds + tellSeconds + ioSeconds,
        asked: ask.problems.length,
      });
    }
  } finally {
    files.close();
    await embedder.close?.();
    rmSync(dir, { recursive: true, force: true });
  }
  return timings;
}

async function nerdamerRun(): Promise<GenerationRecord[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sagga-bench-run-'));
  // The search loop alone: no references, no shrinking.
  const settings: SearchSettings = {
    ...SEARCH_DEFAULTS,
    target: 'nerdamer',
    rngSeed: 'bench',
    concurrency: 2,
    maxGenerations: RUN_GENERATIONS,
    reference: [],
    shrinkCalls: 0,
  };
  const mutationConfig = resolveMutationConfig(settings.mutations);
  const embedder = await createEmbedder('structural');
  const target: Target = await createNerdamerTarget({ concurrency: settings.concurrency });
  const fitness = await parseFitnessSpec(settings.fitness);
  const configRecord: RunConfig = {
    sagga: { version: 'bench', node: process.version, dependencies: {} },
    created: new Date().toISOString(),
    settings,
    rng_seed: settings.rngSeed,
    mutation_config: mutationConfig,
    fitness: { spec: settings.fitness, description: fitness.describe() },
    embedder: { name: embedder.name, dim: embedder.dim },
    seeds: { name: settings.seeds, source: settings.seeds },
    candidate_limits: DEFAULT_CANDIDATE_LIMITS,
    target: { name: target.name },
    files: RUN_FILES,
    resumes: [],
  };
  try {
    await runGenerations(
      { settings, outDir: dir, resume: false, configRecord },
      {
        target,
        verify: (p, a) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS),
        embedder,
        fitness,
        mutate: (tree, rng) => mutate(tree, rng, mutationConfig),
        checkCandidate: (e) => checkCandidate(e),
        initialSeeds: loadSeeds(settings.seeds).exprs,
        rng: createRng(settings.rngSeed),
        progress: silentProgress(),
        signature,
      },
    );
    return readFileSync(join(dir, 'generations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as GenerationRecord);
  } finally {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (s: number) => (s * 1000).toFixed(0);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main(): Promise<void> {
  process.chdir(packageRoot());
  console.log(`## Search engine time per generation (1000 candidates, target excluded; ${GENERATIONS} generations, first one included)\n`);
  console.log(
    '| embedder | problems asked / gen | ask: mutate+validate+dedupe (ms) | embed (ms) | fitness+archive+k-means (ms) | archive I/O (ms) | engine total mean (ms) | max (ms) | target |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const spec of ['structural', `transformers:${resolve('tests/fixtures/tiny-model')}`]) {
    const t = await engineGenerations(spec);
    const name = spec.startsWith('transformers:') ? 'transformers (tiny test model)' : spec;
    const total = mean(t.map((x) => x.total));
    const verdict = spec === 'structural' ? (total < 1 ? 'met (< 1 s)' : 'MISSED (≥ 1 s)') : '—';
    console.log(
      `| ${name} | ${mean(t.map((x) => x.asked)).toFixed(0)} | ${ms(mean(t.map((x) => x.ask)))} | ${ms(mean(t.map((x) => x.embed)))} | ${ms(mean(t.map((x) => x.selectAndScore)))} | ${ms(mean(t.map((x) => x.io)))} | ${ms(total)} | ${ms(Math.max(...t.map((x) => x.total)))} | ${verdict} |`,
    );
  }

  console.log(`\n## Whole run against nerdamer (paper settings, ${RUN_GENERATIONS} generations of 1000, concurrency 2)\n`);
  const rows = await nerdamerRun();
  console.log('| generation | asked | failures | archived | target (s) | verify (s) | engine (s) | engine share |');
  console.log('|---|---|---|---|---|---|---|---|');
  let target = 0;
  let verify = 0;
  let engine = 0;
  for (const r of rows) {
    const all = r.seconds.target + r.seconds.verify + r.seconds.engine;
    target += r.seconds.target;
    verify += r.seconds.verify;
    engine += r.seconds.engine;
    console.log(
      `| ${r.generation} | ${r.asked} | ${r.failures} | ${r.novel} | ${r.seconds.target.toFixed(2)} | ${r.seconds.verify.toFixed(2)} | ${r.seconds.engine.toFixed(3)} | ${((100 * r.seconds.engine) / all).toFixed(1)} % |`,
    );
  }
  const share = (100 * engine) / (target + verify + engine);
  console.log(
    `| **all** | ${rows.reduce((s, r) => s + r.asked, 0)} | ${rows.reduce((s, r) => s + r.failures, 0)} | ${rows.reduce((s, r) => s + r.novel, 0)} | ${target.toFixed(2)} | ${verify.toFixed(2)} | ${engine.toFixed(3)} | **${share.toFixed(1)} %** (${share < 10 ? 'met: < 10 %' : 'MISSED: ≥ 10 %'}) |`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
