/**
 * Verify benchmark: pairs/second and accuracy of sagga's verifier on the labelled fixture and on the
 * labelled partial-domain traps, side by side in the same run with the SAGGA reference check (SymPy
 * `simplify(f - diff(F)) == 0`, 1 s timeout per pair, timeouts and exceptions counted as correct) on
 * a fixed random subsample; then the same pairs again with two CPU-bound processes running beside
 * the verifier, counting the verdicts that changed. The labelled definite integrals are timed apart
 * (bench/definiteBench.ts), beside mpmath's quad on a subsample.
 *
 *   npm run bench:verify                         # full run
 *   npm run bench:verify -- --quick              # a smoke run in well under a minute
 *   node dist/bench/verify.js --reference-sample 500 --json bench-verify.json
 *
 * The `series`, `limit` and `ode` tasks' verifiers follow, each on its labelled set beside SymPy
 * (bench/taskVerifySection.ts; `--no-tasks` skips them).
 *
 * Prints a Markdown table for the README. Nothing runs concurrently with anything else it times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { positiveInt, positiveNumber } from '../src/cli/numberOption.js';
import { createRng } from '../src/util/rng.js';
import type { VerifyResult } from '../src/verify/types.js';
import { verifyBatch } from '../src/verify/verifyBatch.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { runDefiniteBench, type DefiniteBenchRun } from './definiteBench.js';
import { readLabelledPairs, type LabelledPair } from '../testkit/readLabelledPairs.js';
import { runReferenceCheck, type ReferenceRun } from './runReferenceCheck.js';
import { scoreVerdicts, type Judged, type Score } from '../testkit/scoreVerdicts.js';
import { taskVerifySection } from './taskVerifySection.js';

interface BenchOptions {
  readonly pairs: string;
  readonly traps: string;
  readonly load: boolean;
  readonly rounds: number;
  readonly quick: boolean;
  readonly referenceSample: number;
  readonly referenceTimeout: number;
  readonly python: string;
  readonly seed: string;
  readonly reference: boolean;
  readonly json?: string;
  readonly tasks: boolean;
  readonly series: string;
  readonly limit: string;
  readonly ode: string;
  readonly definite: string | false;
  readonly definiteReferenceSample: number;
}

interface Row {
  readonly name: string;
  readonly pairs: number;
  readonly pairsPerSecond: number | null;
  readonly score: Score;
  readonly note: string;
}

function parseOptions(argv: readonly string[]): BenchOptions {
  const program = new Command('bench:verify')
    .description('pairs/s and accuracy of the verifier vs the SAGGA SymPy reference, on the labelled fixture')
    .option('--pairs <file>', 'labelled pairs (JSON Lines)', 'tests/fixtures/labelled/pairs.jsonl')
    .option('--traps <file>', 'labelled answers right on part of the domain only (JSON Lines)', 'tests/fixtures/labelled/domain-traps.jsonl')
    .option('--no-load', 'skip the second pass beside two CPU-bound processes')
    .option('--rounds <n>', 'passes timed over each set; the fastest is reported (a shared machine slows some)', positiveInt, 3)
    .option('--quick', 'smoke run: 400 pairs for our verifier, 20 for the reference', false)
    .option('--reference-sample <n>', 'pairs in the reference subsample (default 200, quick 20)', positiveInt)
    .option('--reference-timeout <seconds>', 'SymPy simplify timeout per pair', positiveNumber, 1)
    .option('--python <path>', "Python with SymPy (Debian's)", '/usr/bin/python3')
    .option('--seed <seed>', 'seed of the subsamples', 'bench-verify')
    .option('--no-reference', 'skip the SymPy reference')
    .option('--json <file>', 'also write the figures as JSON')
    .option('--no-tasks', 'skip the series, limit and ode verifiers')
    .option('--series <file>', 'labelled series pairs (JSON Lines)', 'tests/fixtures/labelled/series.jsonl')
    .option('--limit <file>', 'labelled limit pairs (JSON Lines)', 'tests/fixtures/labelled/limit.jsonl')
    .option('--ode <file>', 'labelled ODE pairs (JSON Lines)', 'tests/fixtures/labelled/ode.jsonl')
    .option('--definite <file>', 'labelled definite integrals (JSON Lines), timed apart', 'tests/fixtures/labelled/definite.jsonl')
    .option('--no-definite', 'skip the definite integrals')
    .option('--definite-reference-sample <n>', 'definite integrals in the mpmath subsample (default 100, quick 20)', positiveInt);
  program.parse(argv as string[], { from: 'user' });
  const o = program.opts<{
    pairs: string;
    traps: string;
    load: boolean;
    rounds: number;
    quick: boolean;
    referenceSample?: number;
    referenceTimeout: number;
    python: string;
    seed: string;
    reference: boolean;
    json?: string;
    tasks: boolean;
    series: string;
    limit: string;
    ode: string;
    definite: string | false;
    definiteReferenceSample?: number;
  }>();
  return { ...o, referenceSample: o.referenceSample ?? (o.quick ? 20 : 200), definiteReferenceSample: o.definiteReferenceSample ?? (o.quick ? 20 : 100) };
}

function judge(pairs: readonly LabelledPair[], results: readonly { verdict: VerifyResult['verdict']; reason?: string }[]): Judged[] {
  return pairs.map((pair, i) => ({ pair, verdict: results[i].verdict, reason: results[i].reason }));
}

/** Two CPU-bound processes, as a loaded machine; resolved once both run. */
async function startLoad(): Promise<ChildProcess[]> {
  const spinners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  await Promise.all(spinners.map((c) => new Promise<void>((resolve, reject) => c.once('spawn', resolve).once('error', reject))));
  return spinners;
}

/** Work per pair: median, 99th percentile and largest, in units. */
function workFigures(results: readonly VerifyResult[]): string {
  const work = results.map((r) => r.work ?? 0).sort((a, b) => a - b);
  const at = (q: number) => work[Math.min(work.length - 1, Math.floor(q * (work.length - 1)))];
  return `work per pair: median ${at(0.5)}, 99th percentile ${at(0.99)}, largest ${at(1)} units`;
}

/** The fastest of `rounds` passes over `pairs` on this thread (the verdicts of the last one). */
function timeSingleThread(pairs: readonly LabelledPair[], rounds = 1): { results: VerifyResult[]; ms: number } {
  // Warm-up so that the figure is the steady state, not V8 compiling the verifier.
  for (const p of pairs.slice(0, Math.min(200, pairs.length))) verifyStrings(p.problem, p.answer);
  let best = Infinity;
  let results: VerifyResult[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    results = pairs.map((p) => verifyStrings(p.problem, p.answer));
    best = Math.min(best, performance.now() - started);
  }
  return { results, ms: best };
}

async function timeBatch(pairs: readonly LabelledPair[], rounds: number): Promise<{ results: VerifyResult[]; ms: number; warmupMs: number }> {
  const input = pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer }));
  // The first call starts the worker pool; time it separately and report the warm figure.
  const w0 = performance.now();
  await verifyBatch(input.slice(0, Math.min(200, input.length)));
  const warmupMs = performance.now() - w0;
  let best = Infinity;
  let results: VerifyResult[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    results = await verifyBatch(input);
    best = Math.min(best, performance.now() - started);
  }
  return { results, ms: best, warmupMs };
}

function pct(x: number): string {
  return `${(100 * x).toFixed(x < 0.01 && x > 0 ? 2 : 1)}%`;
}

function rate(n: number, ms: number): number {
  return ms > 0 ? (1000 * n) / ms : Number.POSITIVE_INFINITY;
}

function fmtRate(r: number | null): string {
  if (r === null) return '—';
  return r >= 100 ? Math.round(r).toLocaleString('en-US') : r.toFixed(r >= 10 ? 1 : 2);
}

function markdownTable(rows: readonly Row[]): string {
  const head = '| verifier | pairs | pairs/s | incorrect called correct | decided verdicts wrong | unknown | note |';
  const rule = '|---|---:|---:|---:|---:|---:|---|';
  const body = rows.map((r) => {
    const s = r.score;
    return `| ${r.name} | ${r.pairs} | ${fmtRate(r.pairsPerSecond)} | ${s.falseCorrect.length}/${s.incorrectPairs} (${pct(s.falseCorrectRate)}) | ${s.falseCorrect.length + s.falseIncorrect.length}/${s.decided} (${pct(s.wrongDecidedRate)}) | ${s.undecided.length} (${pct(s.undecidedRate)}) | ${r.note} |`;
  });
  return [head, rule, ...body].join('\n');
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const all = readLabelledPairs(opts.pairs);
  const rng = createRng(opts.seed);
  const shuffled = rng.fork('order').shuffle(all);
  const ours = opts.quick ? shuffled.slice(0, 400) : all;
  const sample = rng.fork('reference').shuffle(all).slice(0, Math.min(opts.referenceSample, all.length));
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.error(`labelled pairs: ${all.length}; timing our verifier on ${ours.length}, the reference on ${sample.length}`);
  console.error(`machine: ${availableParallelism()} cores, ${cpu}, node ${process.version}`);

  const traps = opts.quick ? readLabelledPairs(opts.traps).filter((_, i) => i % 5 === 0) : readLabelledPairs(opts.traps);
  const single = timeSingleThread(ours, opts.rounds);
  console.error(`single thread: ${single.ms.toFixed(0)} ms; ${workFigures(single.results)}`);
  const batch = await timeBatch(ours, opts.rounds);
  console.error(`verifyBatch: ${batch.ms.toFixed(0)} ms (pool start-up call: ${batch.warmupMs.toFixed(0)} ms)`);
  const trapRun = timeSingleThread(traps, opts.rounds);
  console.error(`partial-domain traps, single thread: ${trapRun.ms.toFixed(0)} ms; ${workFigures(trapRun.results)}`);

  const singleScore = scoreVerdicts(judge(ours, single.results));
  const batchScore = scoreVerdicts(judge(ours, batch.results));
  const trapScore = scoreVerdicts(judge(traps, trapRun.results));
  const byId = new Map(ours.map((p, i) => [p.id, single.results[i]] as const));
  // Our verdicts on the reference subsample (verified afresh if quick mode did not cover them).
  const sampleOurs = sample.map((p) => byId.get(p.id) ?? verifyStrings(p.problem, p.answer));
  const sampleScore = scoreVerdicts(judge(sample, sampleOurs));
  const sampleOursMs = sampleOurs.reduce((t, r) => t + r.ms, 0);

  const rows: Row[] = [
    { name: 'sagga `verifyStrings`, 1 thread', pairs: ours.length, pairsPerSecond: rate(ours.length, single.ms), score: singleScore, note: 'whole set' },
    {
      name: 'sagga `verifyBatch`, worker pool',
      pairs: ours.length,
      pairsPerSecond: rate(ours.length, batch.ms),
      score: batchScore,
      note: `whole set, ${availableParallelism()} cores`,
    },
    {
      name: 'sagga, same subsample as the reference',
      pairs: sample.length,
      pairsPerSecond: rate(sample.length, sampleOursMs),
      score: sampleScore,
      note: 'pairs/s from per-pair `ms`',
    },
  ];
  const trapRow: Row = {
    name: 'sagga `verifyStrings`, 1 thread',
    pairs: traps.length,
    pairsPerSecond: rate(traps.length, trapRun.ms),
    score: trapScore,
    note: `partial-domain traps (${trapScore.falseIncorrect.length} correct pairs called incorrect)`,
  };

  let reference: ReferenceRun | undefined;
  if (opts.reference && sample.length > 0) {
    console.error(`reference: SymPy simplify on ${sample.length} pairs, ${opts.referenceTimeout} s timeout each…`);
    reference = await runReferenceCheck(sample, { python: opts.python, timeoutSeconds: opts.referenceTimeout });
    const refMs = reference.results.reduce((t, r) => t + r.ms, 0);
    const timeouts = reference.results.filter((r) => r.outcome === 'timeout').length;
    const errors = reference.results.filter((r) => r.outcome === 'error').length;
    const refScore = scoreVerdicts(judge(sample, reference.results));
    rows.push({
      name: `SAGGA reference: SymPy \`simplify(f - diff(F)) == 0\`, ${opts.referenceTimeout} s timeout`,
      pairs: sample.length,
      pairsPerSecond: rate(sample.length, refMs),
      score: refScore,
      note: `${timeouts} timeouts + ${errors} errors counted correct; ${(reference.wallMs / 1000).toFixed(1)} s wall incl. start-up`,
    });
  }

  let load: { pairs: number; changed: number; ms: number } | undefined;
  if (opts.load) {
    const both = [...ours, ...traps];
    const idle = [...single.results, ...trapRun.results];
    console.error(`again beside two CPU-bound processes: ${both.length} pairs…`);
    const spinners = await startLoad();
    try {
      const loaded = timeSingleThread(both);
      const changed = loaded.results.filter((r, i) => r.verdict !== idle[i].verdict || r.reason !== idle[i].reason).length;
      load = { pairs: both.length, changed, ms: loaded.ms };
    } finally {
      for (const s of spinners) s.kill('SIGKILL');
    }
  }

  let definite: DefiniteBenchRun | undefined;
  if (opts.definite !== false) {
    definite = await runDefiniteBench(
      {
        file: opts.definite,
        sample: opts.quick ? 150 : undefined,
        referenceSample: opts.reference ? opts.definiteReferenceSample : 0,
        referenceTimeout: 10,
        python: opts.python,
      },
      rng.fork('definite'),
    );
  }

  const refRow = rows[3];
  const lines = [
    `Verifier benchmark on ${all.length} labelled pairs (${all.filter((p) => p.label === 'incorrect').length} incorrect) — ${availableParallelism()} cores, ${cpu}, node ${process.version}${opts.quick ? ' — QUICK MODE' : ''}`,
    '',
    markdownTable(rows),
    '',
    `Partial-domain traps (${opts.traps}, ${traps.length} pairs, ${trapScore.incorrectPairs} incorrect):`,
    '',
    markdownTable([trapRow]),
  ];
  if (refRow && refRow.pairsPerSecond) {
    lines.push(
      '',
      `Speed-up over the reference: ${(rows[0].pairsPerSecond! / refRow.pairsPerSecond).toFixed(0)}× single thread, ` +
        `${(rows[1].pairsPerSecond! / refRow.pairsPerSecond).toFixed(0)}× with verifyBatch.`,
    );
  }
  if (load) {
    lines.push(
      '',
      `Beside two CPU-bound processes: ${load.changed} of ${load.pairs} verdicts or reasons changed ` +
        `(${rate(load.pairs, load.ms).toFixed(0)} pairs/s under that load).`,
    );
  }
  if (definite) lines.push('', ...definite.lines);
  if (opts.tasks) {
    const taskLines = await taskVerifySection({
      series: opts.series,
      limit: opts.limit,
      ode: opts.ode,
      pairs: opts.quick ? 40 : Infinity,
      referenceSample: opts.quick ? 10 : 40,
      referenceTimeout: 10,
      python: opts.python,
      seed: opts.seed,
      reference: opts.reference,
    });
    lines.push('', ...taskLines);
  }
  console.log(lines.join('\n'));

  if (opts.json) {
    const summary = (s: Score) => ({
      pairs: s.pairs,
      incorrectPairs: s.incorrectPairs,
      falseCorrect: s.falseCorrect.length,
      falseIncorrect: s.falseIncorrect.length,
      decided: s.decided,
      undecided: s.undecided.length,
      invalid: s.invalid,
    });
    writeFileSync(
      opts.json,
      JSON.stringify(
        {
          machine: { cores: availableParallelism(), cpu, node: process.version },
          quick: opts.quick,
          rows: rows.map((r) => ({ name: r.name, pairs: r.pairs, pairsPerSecond: r.pairsPerSecond, note: r.note, score: summary(r.score) })),
          traps: { name: trapRow.name, pairs: trapRow.pairs, pairsPerSecond: trapRow.pairsPerSecond, score: summary(trapRow.score) },
          load: load ?? null,
          referenceWallMs: reference?.wallMs ?? null,
          definite: definite?.json ?? null,
        },
        null,
        2,
      ) + '\n',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
