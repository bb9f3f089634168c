/*
 * Experiments for the README, against nerdamer with the paper's settings (appendix C: seed size
 * 100, generation size 1000, k = 10, τ = 0.01, integers from [-1000, 1000], seeds
 * {1, x, x+1, x^2+x+1}, Fail@1):
 *
 *   1. `--fitness length:10`, `length:20`, `length:40`: the archive's mean length should come out
 *      near 10, 20 and 40 characters, and longer targets should fill the archive faster.
 *   2. `--fitness near:seeds/target` against the default `short` fitness: failures found with `near:`
 *      should be closer to the ten reference validation problems (seeds/target.txt) by the
 *      chosen distance: `near` uses the cosine distance of structural embeddings, `neartree`
 *      (`--distance tree`) the tree edit distance; both distances are reported for every run.
 *   3. `length10fitness`: `length:10` with `--seed-selection fitness` instead of k-means, to tell
 *      whether where `length:10` settles is set by the clustering or by the target; and for every
 *      run the failure rate of the problems asked, by their length.
 *
 *   npm run build && node dist/bench/paper-settings.js
 *
 * Environment: PAPER_ARCHIVE (archive size, default 1000), PAPER_MAX_GENERATIONS (default 25),
 * PAPER_GENERATION_SIZE (default 1000), PAPER_SEED_SIZE (default 100; k-means k stays 10 unless the
 * seed size is smaller),
 * PAPER_RUNS (comma list among short,length10,length20,length40,near,neartree,length10fitness;
 * default all),
 * PAPER_RNG_SEED (default 2022), PAPER_MORE_SEEDS (comma list of further --rng-seed values at which the
 * `short` and `near` runs are repeated, as short-s<seed> and near-s<seed>, to tell a trend over
 * generations from one seed's luck; default none), PAPER_CONCURRENCY (default: available cores), PAPER_TIME_LIMIT_MS
 * (nerdamer's time per problem, default 5000: problems nerdamer hangs on cost this much each).
 * Runs go to archives/paper-settings/<run>/ (resumed if present); a summary to
 * archives/paper-settings/summary.json. Prints Markdown tables and the exact commands.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { generationSteps } from '../testkit/generationSteps.js';
import { cosineDistance } from '../fitness/cosineDistance.js';
import { structuralVector } from '../src/embed/structuralEmbedder.js';
import { parseExpr } from '../src/expr/parse.js';
import type { Expr } from '../src/expr/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { packageRoot } from '../src/util/packageRoot.js';
import { searchWithServices } from '../src/search/searchWithServices.js';
import type { SearchCommandOptions } from '../src/search/resolveSearchSettings.js';
import type { ArchiveRecord, EvaluatedRecord, GenerationRecord } from '../src/run/runSchema.js';
import { treeEditDistance } from '../src/expr/treeEditDistance.js';
import { createNerdamerTarget } from '../src/targets/nerdamer/nerdamerTarget.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';
import { median } from './median.js';

const ARCHIVE = Number(process.env.PAPER_ARCHIVE ?? 1000);
const MAX_GENERATIONS = Number(process.env.PAPER_MAX_GENERATIONS ?? 25);
const RNG_SEED = process.env.PAPER_RNG_SEED ?? '2022';
const GENERATION_SIZE = Number(process.env.PAPER_GENERATION_SIZE ?? 1000);
const SEED_SIZE = Number(process.env.PAPER_SEED_SIZE ?? 100);
const TIME_LIMIT_MS = Number(process.env.PAPER_TIME_LIMIT_MS ?? 5000);
const CONCURRENCY = Number(process.env.PAPER_CONCURRENCY ?? availableParallelism());
/** Run name → --fitness, and --distance / --seed-selection when not the defaults. */
const RUNS: Record<string, RunSpec> = {
  short: { fitness: 'short' },
  length10: { fitness: 'length:10' },
  length20: { fitness: 'length:20' },
  length40: { fitness: 'length:40' },
  near: { fitness: 'near:seeds/target' },
  neartree: { fitness: 'near:seeds/target', distance: 'tree' },
  length10fitness: { fitness: 'length:10', seedSelection: 'fitness' },
};
/** Length buckets (characters) of the failure rate of problems asked. */
const LENGTH_BUCKETS: readonly [number, number][] = [
  [1, 9],
  [10, 13],
  [14, 20],
  [21, 40],
  [41, Infinity],
];
const MORE_SEEDS = (process.env.PAPER_MORE_SEEDS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const chosen = (process.env.PAPER_RUNS ?? Object.keys(RUNS).join(',')).split(',').map((s) => s.trim());
const REPEATED = ['short', 'near'];
for (const name of REPEATED) for (const seed of MORE_SEEDS) RUNS[`${name}-s${seed}`] = { ...RUNS[name], rngSeed: seed };
const selected = [...chosen, ...REPEATED.filter((n) => chosen.includes(n)).flatMap((n) => MORE_SEEDS.map((seed) => `${n}-s${seed}`))];

interface RunSpec {
  readonly fitness: string;
  readonly distance?: 'tree';
  readonly seedSelection?: 'fitness';
  /** --rng-seed of this run (default PAPER_RNG_SEED). */
  readonly rngSeed?: string;
}

interface RunResult {
  readonly run: string;
  readonly fitness: string;
  readonly command: string;
  readonly generations: number;
  readonly filledAt: number | null;
  /** Problems asked until the archive was full, interpolated within the generation that filled it. */
  readonly askedToFill: number | null;
  /** Failures per problem asked, after the first generation (which mutates the four initial seeds only). */
  readonly failureRate: number | null;
  readonly asked: number;
  readonly archive: number;
  readonly meanLength: number | null;
  readonly medianLength: number | null;
  /** Mean length of the problems archived in the last generation that archived any: where the search converged. */
  readonly lastArchivedMeanLength: number | null;
  /** Mean length archived per generation. */
  readonly lengthByGeneration: ReadonlyArray<number | null>;
  /** Mean length (chars) of each generation's proven failures, archived or not (variants too). */
  readonly provenLengthByGeneration: ReadonlyArray<number | null>;
  /** Failures / problems asked, per LENGTH_BUCKETS entry (null when none was asked). */
  readonly failureRateByLength: ReadonlyArray<number | null>;
  readonly stopReason: string;
  /** Target, verifier and engine time summed over the generations, so a resumed run counts every sitting. */
  readonly seconds: number;
  readonly dir: string;
}

function readJsonl<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

async function run(name: string, { fitness, distance, seedSelection, rngSeed = RNG_SEED }: RunSpec): Promise<RunResult> {
  const dir = join('archives', 'paper-settings', name);
  const resume = existsSync(join(dir, 'config.json'));
  const options: SearchCommandOptions = resume
    ? { resume: dir, archiveSize: ARCHIVE, maxGenerations: MAX_GENERATIONS, concurrency: CONCURRENCY }
    : {
        target: 'nerdamer',
        out: dir,
        fitness,
        ...(distance ? { distance } : {}),
        ...(seedSelection ? { seedSelection } : {}),
        archiveSize: ARCHIVE,
        maxGenerations: MAX_GENERATIONS,
        generationSize: GENERATION_SIZE,
        seedSize: SEED_SIZE,
        rngSeed,
        concurrency: CONCURRENCY,
      };
  const sizes = `${GENERATION_SIZE !== 1000 ? ` --generation-size ${GENERATION_SIZE}` : ''}${SEED_SIZE !== 100 ? ` --seed-size ${SEED_SIZE}` : ''}`;
  const command = `npx sagga search --target nerdamer --out ${dir} --fitness ${fitness}${distance ? ` --distance ${distance}` : ''}${seedSelection ? ` --seed-selection ${seedSelection}` : ''} --archive-size ${ARCHIVE} --max-generations ${MAX_GENERATIONS}${sizes} --rng-seed ${rngSeed} --concurrency ${CONCURRENCY}${TIME_LIMIT_MS !== 5000 ? ` --time-limit ${TIME_LIMIT_MS}` : ''}`;
  process.stderr.write(`\n# ${command}${resume ? '   (resuming)' : ''}\n`);
  const result = await searchWithServices(options, {
    createTarget: (_spec, o) => createNerdamerTarget({ concurrency: o.concurrency, timeLimitMs: TIME_LIMIT_MS }),
    verify: (p, a) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS),
  });
  const rows = readJsonl<GenerationRecord>(join(dir, 'generations.jsonl'));
  const archive = readJsonl<ArchiveRecord>(join(dir, 'archive.jsonl'));
  const lengths = archive.map((a) => a.length).sort((a, b) => a - b);
  const filled = rows.find((r) => r.archive_size >= ARCHIVE);
  const archiving = rows.filter((r) => r.archived_mean_length !== null);
  let askedToFill: number | null = null;
  let askedBefore = 0;
  for (const r of rows) {
    const before = r.archive_size - r.novel;
    if (r.archive_size >= ARCHIVE) {
      askedToFill = askedBefore + (r.novel > 0 ? ((ARCHIVE - before) / r.novel) * r.asked : 0);
      break;
    }
    askedBefore += r.asked;
  }
  const later = rows.slice(1);
  const laterAsked = later.reduce((s, r) => s + r.asked, 0);
  return {
    run: name,
    fitness,
    command,
    generations: rows.length,
    filledAt: filled ? filled.generation : null,
    askedToFill: askedToFill === null ? null : Math.round(askedToFill),
    failureRate: laterAsked > 0 ? later.reduce((s, r) => s + r.failures, 0) / laterAsked : null,
    asked: rows.reduce((s, r) => s + r.asked, 0),
    archive: archive.length,
    meanLength: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : null,
    medianLength: lengths.length ? lengths[Math.floor(lengths.length / 2)] : null,
    lastArchivedMeanLength: archiving.length ? archiving[archiving.length - 1].archived_mean_length : null,
    lengthByGeneration: rows.map((r) => r.archived_mean_length),
    provenLengthByGeneration: byGeneration(readJsonl<EvaluatedRecord>(join(dir, 'evaluated.jsonl')), rows.length, (e) => e.problem.length),
    failureRateByLength: failureRateByLength(readJsonl<EvaluatedRecord>(join(dir, 'evaluated.jsonl'))),
    stopReason: result.summary.stopReason,
    seconds: rows.reduce((s, r) => s + r.seconds.target + r.seconds.verify + r.seconds.engine, 0),
    dir,
  };
}

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;
/** A summary (the mean unless given) of `measure` over each generation's proven failures (null for a generation without one). */
function byGeneration(
  evaluated: readonly EvaluatedRecord[],
  generations: number,
  measure: (e: EvaluatedRecord) => number,
  summarize: (values: readonly number[]) => number = mean,
): (number | null)[] {
  return Array.from({ length: generations }, (_, i) => {
    const proven = evaluated.filter((e) => e.generation === i + 1 && e.status === 'fail' && e.proof !== null && e.proof !== undefined);
    return proven.length > 0 ? summarize(proven.map(measure)) : null;
  });
}

/** The mean over runs of each generation's figure (null where a run has none). */
function meanOverRuns(byRun: readonly (readonly (number | null)[])[]): (number | null)[] {
  return Array.from({ length: Math.max(0, ...byRun.map((figures) => figures.length)) }, (_, g) => {
    const values = byRun.map((figures) => figures[g]).filter((v): v is number => v !== null && v !== undefined);
    return values.length === byRun.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  });
}

/** Failures / problems asked in each LENGTH_BUCKETS range of the canonical problem's characters. */
function failureRateByLength(evaluated: readonly EvaluatedRecord[]): (number | null)[] {
  return LENGTH_BUCKETS.map(([lo, hi]) => {
    const asked = evaluated.filter((e) => e.status !== 'skipped' && e.problem.length >= lo && e.problem.length <= hi);
    return asked.length > 0 ? asked.filter((e) => e.status === 'fail').length / asked.length : null;
  });
}

function nearestCosine(e: Expr, targets: readonly Expr[]): number {
  const v = structuralVector(e);
  return Math.min(...targets.map((t) => cosineDistance(structuralVector(t), v)));
}

function nearestTree(e: Expr, targets: readonly Expr[]): number {
  return Math.min(...targets.map((t) => treeEditDistance(t, e)));
}

/** Mean over the archive of the distance to the nearest target. */
function distances(dir: string, targets: readonly Expr[]): { cosine: number; tree: number; n: number } {
  const archive = readJsonl<ArchiveRecord>(join(dir, 'archive.jsonl'));
  const targetVectors = targets.map(structuralVector);
  let cosine = 0;
  let tree = 0;
  for (const a of archive) {
    const e = parseExpr(a.problem);
    const v = structuralVector(e);
    cosine += Math.min(...targetVectors.map((t) => cosineDistance(t, v)));
    tree += Math.min(...targets.map((t) => treeEditDistance(t, e)));
  }
  const n = Math.max(1, archive.length);
  return { cosine: cosine / n, tree: tree / n, n: archive.length };
}

async function main(): Promise<void> {
  process.chdir(packageRoot());
  mkdirSync(join('archives', 'paper-settings'), { recursive: true });
  const results: RunResult[] = [];
  for (const name of selected) {
    if (!(name in RUNS)) throw new Error(`unknown run ${name}; choose among ${Object.keys(RUNS).join(', ')}`);
    results.push(await run(name, RUNS[name]));
  }

  console.log(`\n## Target length (archive ${ARCHIVE}, at most ${MAX_GENERATIONS} generations of ${GENERATION_SIZE}, seed size ${SEED_SIZE}, nerdamer)\n`);
  console.log(
    '| run | --fitness | archive | mean length (chars) | median | mean length archived in the last generation | generations to fill | problems asked to fill | failures / asked (generations ≥ 2) | stop | time (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.run} | ${r.fitness} | ${r.archive} | ${r.meanLength?.toFixed(1) ?? '—'} | ${r.medianLength ?? '—'} | ${r.lastArchivedMeanLength?.toFixed(1) ?? '—'} | ${r.filledAt ?? `not filled in ${r.generations}`} | ${r.askedToFill ?? '—'} | ${r.failureRate === null ? '—' : (100 * r.failureRate).toFixed(1) + ' %'} | ${r.stopReason} | ${r.seconds.toFixed(0)} |`,
    );
  }
  console.log('\nMean length (chars) of the problems archived in each generation:\n');
  for (const r of results) console.log(`    ${r.run.padEnd(15)} ${r.lengthByGeneration.map((l) => (l === null ? '—' : l.toFixed(1))).join('  ')}`);
  console.log("\nMean length (chars) of each generation's proven failures (archived or not):\n");
  for (const r of results) console.log(`    ${r.run.padEnd(15)} ${r.provenLengthByGeneration.map((l) => (l === null ? '—' : l.toFixed(1))).join('  ')}`);
  const last = (name: string) => results.find((r) => r.run === name)?.provenLengthByGeneration.at(-1) ?? null;
  const [l10, l20, l40] = [last('length10'), last('length20'), last('length40')];
  if (l10 !== null && l20 !== null && l40 !== null) {
    const within = (v: number, target: number) => Math.abs(v - target) <= 0.3 * target;
    console.log(
      `\nLast generation's proven failures: length:10 ${l10.toFixed(1)}, length:20 ${l20.toFixed(1)}, length:40 ${l40.toFixed(1)} chars; ordered ${l10 < l20 && l20 < l40 ? 'yes' : 'no'}; length:20 within 30 % of 20: ${within(l20, 20) ? 'yes' : 'no'}; length:40 within 30 % of 40: ${within(l40, 40) ? 'yes' : 'no'}`,
    );
  }
  const bucketName = ([lo, hi]: [number, number]) => (hi === Infinity ? `> ${lo - 1}` : lo === 1 ? `< ${hi + 1}` : `${lo}–${hi}`);
  console.log('\nShare of the problems asked that failed, by length (chars):\n');
  console.log(`| run | ${LENGTH_BUCKETS.map(bucketName).join(' | ')} |`);
  console.log(`|---|${LENGTH_BUCKETS.map(() => '---').join('|')}|`);
  for (const r of results) console.log(`| ${r.run} | ${r.failureRateByLength.map((x) => (x === null ? '—' : (100 * x).toFixed(1) + ' %')).join(' | ')} |`);

  const shortRuns = results.filter((r) => r.run === 'short' || r.run.startsWith('short-s'));
  const nearRuns = results.filter((r) => r.run === 'near' || r.run === 'neartree' || r.run.startsWith('near-s'));
  const near: Record<string, { cosine: number; tree: number; n: number }> = {};
  if (shortRuns.length + nearRuns.length > 0) {
    const targets = loadSeeds('target').exprs;
    console.log(`\n## Distance of archived failures to the ${targets.length} reference targets (seeds/target.txt)\n`);
    console.log('| run | --fitness | --distance | archive | mean min cosine distance (structural) | mean min tree edit distance |');
    console.log('|---|---|---|---|---|---|');
    for (const r of [...shortRuns, ...nearRuns]) {
      const d = distances(r.dir, targets);
      near[r.run] = d;
      console.log(
        `| ${r.run} | ${r.fitness} | ${RUNS[r.run].distance ?? (r.fitness === 'short' ? '—' : 'cosine')} | ${d.n} | ${d.cosine.toFixed(3)} | ${d.tree.toFixed(2)} |`,
      );
    }
    console.log("\nMean distance of each generation's proven failures to the nearest target (cosine of structural embeddings / tree edit distance):\n");
    const cosineByRun: Record<string, (number | null)[]> = {};
    const treeByRun: Record<string, (number | null)[]> = {};
    const evaluatedByRun: Record<string, EvaluatedRecord[]> = {};
    // A problem asked in several runs (or a variant's problem, below) is measured once.
    const cosines = new Map<string, number>();
    const cosineOf = (problem: string): number => {
      let d = cosines.get(problem);
      if (d === undefined) cosines.set(problem, (d = nearestCosine(parseExpr(problem), targets)));
      return d;
    };
    for (const r of [...shortRuns, ...nearRuns]) {
      const evaluated = readJsonl<EvaluatedRecord>(join(r.dir, 'evaluated.jsonl'));
      evaluatedByRun[r.run] = evaluated;
      const cos = byGeneration(evaluated, r.generations, (e) => cosineOf(e.problem));
      const tree = byGeneration(evaluated, r.generations, (e) => nearestTree(parseExpr(e.problem), targets));
      cosineByRun[r.run] = cos;
      treeByRun[r.run] = tree;
      console.log(
        `    ${r.run.padEnd(10)} cosine ${cos.map((v) => (v === null ? '—' : v.toFixed(3))).join('  ')}   tree ${tree.map((v) => (v === null ? '—' : v.toFixed(2))).join('  ')}`,
      );
    }
    // One seed's generations move with which bugs it happens on; the mean over seeds shows the trend.
    const nearSeeds = nearRuns.filter((r) => r.run !== 'neartree');
    for (const [label, runs] of [
      ['short', shortRuns],
      ['near', nearSeeds],
    ] as const) {
      if (runs.length < 2) continue;
      const cosine = meanOverRuns(runs.map((r) => cosineByRun[r.run]));
      const tree = meanOverRuns(runs.map((r) => treeByRun[r.run]));
      console.log(
        `    ${`${label}, mean of ${runs.length} seeds`.padEnd(10)} cosine ${cosine.map((v) => (v === null ? '—' : v.toFixed(3))).join('  ')}   tree ${tree.map((v) => (v === null ? '—' : v.toFixed(2))).join('  ')}`,
      );
    }
    // The mean can fall every generation while each step is smaller than one seed's swings: the
    // steps paired by seed, with their standard error, say which steps are more than luck.
    if (nearSeeds.length >= 2) {
      console.log(
        `\nnear, each generation's step in mean cosine distance over ${nearSeeds.length} seeds (paired by seed): change ± standard error, seeds that came closer:\n`,
      );
      for (const step of generationSteps(nearSeeds.map((r) => cosineByRun[r.run]))) {
        const standardErrors = step.mean / step.standardError;
        console.log(
          `    gen ${step.generation - 1} → ${step.generation}: ${step.mean >= 0 ? '+' : ''}${step.mean.toFixed(4)} ± ${step.standardError.toFixed(4)} (${Number.isFinite(standardErrors) ? standardErrors.toFixed(1) : '—'} standard errors), ${step.fell} of ${step.seeds} seeds closer`,
        );
      }
    }
    // Where the mean holds, the spread says whether the closest failures still come closer.
    if (nearSeeds.length >= 2) {
      console.log(`\nnear, each generation's proven failures, mean over ${nearSeeds.length} seeds: how many, and their closest and median cosine distance:\n`);
      for (const [label, summarize] of [
        ['failures', (values: readonly number[]) => values.length],
        ['closest', (values: readonly number[]) => Math.min(...values)],
        ['median', median],
      ] as const) {
        const byRun = nearSeeds.map((r) => byGeneration(evaluatedByRun[r.run], r.generations, (e) => cosineOf(e.problem), summarize));
        console.log(
          `    ${label.padEnd(10)} ${meanOverRuns(byRun)
            .map((v) => (v === null ? '—' : v.toFixed(label === 'failures' ? 1 : 3)))
            .join('  ')}`,
        );
      }
    }
    // What holds a near: run's distance once it stops falling: failures that are variants of archived bugs.
    console.log(
      "\nEach generation's proven failures that are variants of an archived bug (variant_of): share, and mean cosine distance of the variants / of the rest:\n",
    );
    for (const r of nearSeeds) {
      const evaluated = evaluatedByRun[r.run];
      const cells = Array.from({ length: r.generations }, (_, g) => {
        const proven = evaluated.filter((e) => e.generation === g + 1 && e.status === 'fail' && e.proof !== null && e.proof !== undefined);
        const variants = proven.filter((e) => e.variant_of !== undefined);
        const rest = proven.filter((e) => e.variant_of === undefined);
        const mean = (es: readonly EvaluatedRecord[]) => (es.length === 0 ? '—' : (es.reduce((sum, e) => sum + cosineOf(e.problem), 0) / es.length).toFixed(3));
        return proven.length === 0 ? '—' : `${Math.round((100 * variants.length) / proven.length)} % ${mean(variants)}/${mean(rest)}`;
      });
      console.log(`    ${r.run.padEnd(10)} ${cells.join('  ')}`);
    }
  }
  console.log('\nCommands:\n');
  for (const r of results) console.log(`    ${r.command}`);
  writeFileSync(
    join('archives', 'paper-settings', 'summary.json'),
    JSON.stringify(
      {
        archive: ARCHIVE,
        maxGenerations: MAX_GENERATIONS,
        generationSize: GENERATION_SIZE,
        seedSize: SEED_SIZE,
        timeLimitMs: TIME_LIMIT_MS,
        rngSeed: RNG_SEED,
        results,
        near,
      },
      null,
      2,
    ) + '\n',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
