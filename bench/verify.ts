/**
 * Verify benchmark: pairs/second and accuracy of sagga's verifier on the labelled fixture, side by
 * side in the same run with the SAGGA reference check (SymPy `simplify(f - diff(F)) == 0`, 1 s
 * timeout per pair, timeouts and exceptions counted as correct) on a fixed random subsample.
 *
 *   npm run bench:verify                         # full run
 *   npm run bench:verify -- --quick              # a smoke run in well under a minute
 *   node dist/bench/verify.js --reference-sample 500 --json bench-verify.json
 *
 * Prints a Markdown table for the README. Nothing runs concurrently with anything else it times.
 */
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { positiveInt, positiveNumber } from '../src/cli/numberOption.js';
import { createRng } from '../src/util/rng.js';
import type { VerifyResult } from '../src/verify/types.js';
import { verifyBatch } from '../src/verify/verifyBatch.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { readLabelledPairs, type LabelledPair } from './readLabelledPairs.js';
import { runReferenceCheck, type ReferenceRun } from './runReferenceCheck.js';
import { scoreVerdicts, type Judged, type Score } from './scoreVerdicts.js';

interface BenchOptions {
  readonly pairs: string;
  readonly quick: boolean;
  readonly referenceSample: number;
  readonly referenceTimeout: number;
  readonly python: string;
  readonly seed: string;
  readonly reference: boolean;
  readonly json?: string;
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
    .option('--quick', 'smoke run: 400 pairs for our verifier, 20 for the reference', false)
    .option('--reference-sample <n>', 'pairs in the reference subsample (default 200, quick 20)', positiveInt)
    .option('--reference-timeout <seconds>', 'SymPy simplify timeout per pair', positiveNumber, 1)
    .option('--python <path>', "Python with SymPy (Debian's)", '/usr/bin/python3')
    .option('--seed <seed>', 'seed of the subsamples', 'bench-verify')
    .option('--no-reference', 'skip the SymPy reference')
    .option('--json <file>', 'also write the figures as JSON');
  program.parse(argv as string[], { from: 'user' });
  const o = program.opts<{
    pairs: string;
    quick: boolean;
    referenceSample?: number;
    referenceTimeout: number;
    python: string;
    seed: string;
    reference: boolean;
    json?: string;
  }>();
  return { ...o, referenceSample: o.referenceSample ?? (o.quick ? 20 : 200) };
}

function judge(pairs: readonly LabelledPair[], results: readonly { verdict: VerifyResult['verdict']; reason?: string }[]): Judged[] {
  return pairs.map((pair, i) => ({ pair, verdict: results[i].verdict, reason: results[i].reason }));
}

function timeSingleThread(pairs: readonly LabelledPair[]): { results: VerifyResult[]; ms: number } {
  // Warm-up so that the figure is the steady state, not V8 compiling the verifier.
  for (const p of pairs.slice(0, Math.min(200, pairs.length))) verifyStrings(p.problem, p.answer);
  const started = performance.now();
  const results = pairs.map((p) => verifyStrings(p.problem, p.answer));
  return { results, ms: performance.now() - started };
}

async function timeBatch(pairs: readonly LabelledPair[]): Promise<{ results: VerifyResult[]; ms: number; warmupMs: number }> {
  const input = pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer }));
  // The first call starts the worker pool; time it separately and report the warm figure.
  const w0 = performance.now();
  await verifyBatch(input.slice(0, Math.min(200, input.length)));
  const warmupMs = performance.now() - w0;
  const started = performance.now();
  const results = await verifyBatch(input);
  return { results, ms: performance.now() - started, warmupMs };
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

  const single = timeSingleThread(ours);
  console.error(`single thread: ${single.ms.toFixed(0)} ms`);
  const batch = await timeBatch(ours);
  console.error(`verifyBatch: ${batch.ms.toFixed(0)} ms (pool start-up call: ${batch.warmupMs.toFixed(0)} ms)`);

  const singleScore = scoreVerdicts(judge(ours, single.results));
  const batchScore = scoreVerdicts(judge(ours, batch.results));
  const byId = new Map(ours.map((p, i) => [p.id, single.results[i]] as const));
  // Our verdicts on the reference subsample (verified afresh if quick mode did not cover them).
  const sampleOurs = sample.map((p) => byId.get(p.id) ?? verifyStrings(p.problem, p.answer));
  const sampleScore = scoreVerdicts(judge(sample, sampleOurs));
  const sampleOursMs = sampleOurs.reduce((t, r) => t + r.ms, 0);

  const rows: Row[] = [
    { name: 'sagga `verifyStrings`, 1 thread', pairs: ours.length, pairsPerSecond: rate(ours.length, single.ms), score: singleScore, note: 'whole set' },
    { name: 'sagga `verifyBatch`, worker pool', pairs: ours.length, pairsPerSecond: rate(ours.length, batch.ms), score: batchScore, note: `whole set, ${availableParallelism()} cores` },
    { name: 'sagga, same subsample as the reference', pairs: sample.length, pairsPerSecond: rate(sample.length, sampleOursMs), score: sampleScore, note: 'pairs/s from per-pair `ms`' },
  ];

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

  const refRow = rows[3];
  const lines = [
    `Verifier benchmark on ${all.length} labelled pairs (${all.filter((p) => p.label === 'incorrect').length} incorrect) — ${availableParallelism()} cores, ${cpu}, node ${process.version}${opts.quick ? ' — QUICK MODE' : ''}`,
    '',
    markdownTable(rows),
  ];
  if (refRow && refRow.pairsPerSecond) {
    lines.push(
      '',
      `Speed-up over the reference: ${(rows[0].pairsPerSecond! / refRow.pairsPerSecond).toFixed(0)}× single thread, ` +
        `${(rows[1].pairsPerSecond! / refRow.pairsPerSecond).toFixed(0)}× with verifyBatch.`,
    );
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
          referenceWallMs: reference?.wallMs ?? null,
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
