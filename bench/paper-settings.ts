/*
 * Experiments for the README, against nerdamer with the paper's settings (appendix C: seed size
 * 100, generation size 1000, k = 10, τ = 0.01, integers from [-1000, 1000], seeds
 * {1, x, x+1, x^2+x+1}, Fail@1):
 *
 *   1. `--fitness length:10`, `length:20`, `length:40`: the archive's mean length should come out
 *      near 10, 20 and 40 characters, and longer targets should fill the archive faster.
 *   2. `--fitness near:target` against the default `short` fitness: failures found with `near:`
 *      should be closer to the ten reference validation problems (seeds/target.txt), by the
 *      chosen distance (cosine of structural embeddings), and also by tree edit distance.
 *
 *   npm run build && node dist/bench/paper-settings.js
 *
 * Environment: PAPER_ARCHIVE (archive size, default 1000), PAPER_MAX_GENERATIONS (default 25),
 * PAPER_RUNS (comma list among short,length10,length20,length40,near; default all),
 * PAPER_RNG_SEED (default 2022), PAPER_CONCURRENCY (default: available cores).
 * Runs go to archives/paper-settings/<run>/ (resumed if present); a summary to
 * archives/paper-settings/summary.json. Prints Markdown tables and the exact commands.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { cosineDistance } from '../fitness/cosineDistance.js';
import { structuralVector } from '../src/embed/structuralEmbedder.js';
import { parseExpr } from '../src/expr/parse.js';
import type { Expr } from '../src/expr/types.js';
import { loadSeeds } from '../src/search/loadSeeds.js';
import { packageRoot } from '../src/search/packageRoot.js';
import { searchCommand } from '../src/search/searchCommand.js';
import type { SearchCommandOptions } from '../src/search/resolveSearchSettings.js';
import type { ArchiveRecord, GenerationRecord } from '../src/search/searchTypes.js';
import { treeEditDistance } from '../src/search/treeEditDistance.js';
import { createNerdamerTarget } from '../src/targets/nerdamerTarget.js';
import { verifyPair } from '../src/verify/verifyPair.js';

const ARCHIVE = Number(process.env.PAPER_ARCHIVE ?? 1000);
const MAX_GENERATIONS = Number(process.env.PAPER_MAX_GENERATIONS ?? 25);
const RNG_SEED = process.env.PAPER_RNG_SEED ?? '2022';
const CONCURRENCY = Number(process.env.PAPER_CONCURRENCY ?? availableParallelism());
const RUNS: Record<string, string> = { short: 'short', length10: 'length:10', length20: 'length:20', length40: 'length:40', near: 'near:target' };
const selected = (process.env.PAPER_RUNS ?? Object.keys(RUNS).join(',')).split(',').map((s) => s.trim());

interface RunResult {
  readonly run: string;
  readonly fitness: string;
  readonly command: string;
  readonly generations: number;
  readonly filledAt: number | null;
  readonly asked: number;
  readonly archive: number;
  readonly meanLength: number | null;
  readonly medianLength: number | null;
  readonly stopReason: string;
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

async function run(name: string, fitness: string): Promise<RunResult> {
  const dir = join('archives', 'paper-settings', name);
  const resume = existsSync(join(dir, 'config.json'));
  const options: SearchCommandOptions = resume
    ? { resume: dir, archiveSize: ARCHIVE, maxGenerations: MAX_GENERATIONS, concurrency: CONCURRENCY }
    : { target: 'nerdamer', out: dir, fitness, archiveSize: ARCHIVE, maxGenerations: MAX_GENERATIONS, rngSeed: RNG_SEED, concurrency: CONCURRENCY };
  const command = `npx sagga search --target nerdamer --out ${dir} --fitness ${fitness} --archive-size ${ARCHIVE} --max-generations ${MAX_GENERATIONS} --rng-seed ${RNG_SEED}`;
  process.stderr.write(`\n# ${command}${resume ? '   (resuming)' : ''}\n`);
  const started = performance.now();
  const result = await searchCommand(options, {
    createTarget: (_spec, o) => createNerdamerTarget({ concurrency: o.concurrency }),
    verify: (p, a) => verifyPair(p, a),
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = readJsonl<GenerationRecord>(join(dir, 'generations.jsonl'));
  const archive = readJsonl<ArchiveRecord>(join(dir, 'archive.jsonl'));
  const lengths = archive.map((a) => a.length).sort((a, b) => a - b);
  const filled = rows.find((r) => r.archive_size >= ARCHIVE);
  return {
    run: name,
    fitness,
    command,
    generations: rows.length,
    filledAt: filled ? filled.generation : null,
    asked: rows.reduce((s, r) => s + r.asked, 0),
    archive: archive.length,
    meanLength: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : null,
    medianLength: lengths.length ? lengths[Math.floor(lengths.length / 2)] : null,
    stopReason: result.summary.stopReason,
    seconds,
    dir,
  };
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

  console.log(`\n## Target length (archive ${ARCHIVE}, at most ${MAX_GENERATIONS} generations of 1000, nerdamer)\n`);
  console.log('| --fitness | archive | mean length (chars) | median | generations to fill | problems asked | stop | wall (s) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.fitness} | ${r.archive} | ${r.meanLength?.toFixed(1) ?? '—'} | ${r.medianLength ?? '—'} | ${r.filledAt ?? `not filled in ${r.generations}`} | ${r.asked} | ${r.stopReason} | ${r.seconds.toFixed(0)} |`,
    );
  }

  const nearRun = results.find((r) => r.run === 'near');
  const baseline = results.find((r) => r.run === 'short');
  let near: unknown = null;
  if (nearRun && baseline) {
    const targets = loadSeeds('target').exprs;
    const d0 = distances(baseline.dir, targets);
    const d1 = distances(nearRun.dir, targets);
    near = { baseline: d0, near: d1 };
    console.log(`\n## Distance of archived failures to the ${targets.length} reference targets (seeds/target.txt)\n`);
    console.log('| --fitness | archive | mean min cosine distance (structural) | mean min tree edit distance |');
    console.log('|---|---|---|---|');
    console.log(`| short (default) | ${d0.n} | ${d0.cosine.toFixed(3)} | ${d0.tree.toFixed(2)} |`);
    console.log(`| near:target | ${d1.n} | ${d1.cosine.toFixed(3)} | ${d1.tree.toFixed(2)} |`);
  }
  console.log('\nCommands:\n');
  for (const r of results) console.log(`    ${r.command}`);
  writeFileSync(join('archives', 'paper-settings', 'summary.json'), JSON.stringify({ archive: ARCHIVE, maxGenerations: MAX_GENERATIONS, rngSeed: RNG_SEED, results, near }, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
