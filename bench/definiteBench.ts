import { performance } from 'node:perf_hooks';
import type { Rng } from '../src/util/rng.js';
import type { Verdict } from '../src/verify/types.js';
import { readDefinitePairs, type DefinitePair } from '../testkit/readDefinitePairs.js';
import { runPythonJsonLines } from './runPythonJsonLines.js';
import { scoreVerdicts, type Score } from '../testkit/scoreVerdicts.js';
import { verifyDefinitePairs } from '../testkit/verifyDefinitePairs.js';

export interface DefiniteBenchOptions {
  readonly file: string;
  /** Pairs timed for our verifier: all of them, or this many drawn at random. */
  readonly sample?: number;
  /** Pairs in the reference's subsample (0: no reference). */
  readonly referenceSample: number;
  readonly referenceTimeout: number;
  readonly python: string;
}

interface DefiniteRow {
  readonly name: string;
  readonly pairs: number;
  readonly pairsPerSecond: number;
  readonly score: Score;
  readonly note: string;
}

export interface DefiniteBenchRun {
  /** Markdown lines for the report. */
  readonly lines: string[];
  /** The figures, for --json. */
  readonly json: unknown;
}

interface ReferenceReply {
  readonly id: string;
  readonly verdict: Verdict;
  readonly ms: number;
}

/**
 * The definite-integral set timed apart: sagga's `verifyDefinite` on one thread (each problem set up
 * once for its answers), and mpmath's `quad` at 30 digits with the same rules
 * (bench/python/definite_reference.py) on a random subsample, with our verdicts on that subsample
 * beside it and the ratio of pairs per second.
 */
export async function runDefiniteBench(opts: DefiniteBenchOptions, rng: Rng): Promise<DefiniteBenchRun> {
  const all = readDefinitePairs(opts.file);
  const ours = opts.sample === undefined ? all : rng.fork('definite-order').shuffle(all).slice(0, opts.sample);
  const sample = rng.fork('definite-reference').shuffle(all).slice(0, Math.min(opts.referenceSample, all.length));
  console.error(`definite integrals: ${all.length}; timing our verifier on ${ours.length}, the reference on ${sample.length}`);
  const started = performance.now();
  const results = verifyDefinitePairs(ours);
  const ms = performance.now() - started;
  const work = results.map((r) => Math.round(r.work ?? 0)).sort((a, b) => a - b);
  const judged = (pairs: readonly DefinitePair[], verdicts: readonly Verdict[]) => pairs.map((pair, i) => ({ pair, verdict: verdicts[i] }));
  const rows: DefiniteRow[] = [
    {
      name: 'sagga `verifyDefinite`, 1 thread',
      pairs: ours.length,
      pairsPerSecond: (1000 * ours.length) / ms,
      score: scoreVerdicts(
        judged(
          ours,
          results.map((r) => r.verdict),
        ),
      ),
      note: opts.sample === undefined ? 'whole set' : 'random subsample',
    },
  ];
  let referenceWallMs: number | null = null;
  if (sample.length > 0) {
    // Ours on exactly the reference's pairs, each verified afresh so that its time is its own.
    const s0 = performance.now();
    const sampleOurs = verifyDefinitePairs(sample);
    const sampleMs = performance.now() - s0;
    rows.push({
      name: 'sagga, same subsample as the reference',
      pairs: sample.length,
      pairsPerSecond: (1000 * sample.length) / sampleMs,
      score: scoreVerdicts(
        judged(
          sample,
          sampleOurs.map((r) => r.verdict),
        ),
      ),
      note: '',
    });
    console.error(`reference: mpmath quad at 30 digits on ${sample.length} pairs, ${opts.referenceTimeout} s timeout each…`);
    const run = await runPythonJsonLines<ReferenceReply>(
      opts.python,
      'definite_reference.py',
      ['--timeout', String(opts.referenceTimeout)],
      sample.map((p) => ({ id: p.id, problem: p.problem, lower: p.lower, upper: p.upper, answer: p.answer })),
      { stderr: 'pipe' },
    );
    if (run.replies.length !== sample.length) throw new Error(`reference answered ${run.replies.length} of ${sample.length} pairs: ${run.stderr.slice(-2000)}`);
    const refMs = run.replies.reduce((t, r) => t + r.ms, 0);
    referenceWallMs = run.wallMs;
    rows.push({
      name: 'reference: mpmath `quad`, 30 digits, same rules',
      pairs: sample.length,
      pairsPerSecond: (1000 * sample.length) / refMs,
      score: scoreVerdicts(
        judged(
          sample,
          run.replies.map((r) => r.verdict),
        ),
      ),
      note: `${(run.wallMs / 1000).toFixed(1)} s wall incl. start-up`,
    });
  }
  const pct = (x: number) => `${(100 * x).toFixed(x < 0.01 && x > 0 ? 2 : 1)}%`;
  const at = (q: number) => work[Math.min(work.length - 1, Math.floor(q * (work.length - 1)))];
  const lines = [
    `Definite integrals (${opts.file}, ${all.length} pairs, ${all.filter((p) => p.label === 'incorrect').length} incorrect):`,
    '',
    '| verifier | pairs | pairs/s | incorrect called correct | correct called incorrect | unknown | note |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.pairs} | ${r.pairsPerSecond.toFixed(r.pairsPerSecond >= 10 ? 1 : 2)} | ${r.score.falseCorrect.length}/${r.score.incorrectPairs} | ${r.score.falseIncorrect.length}/${r.score.pairs - r.score.incorrectPairs} | ${r.score.undecided.length} (${pct(r.score.undecidedRate)}) | ${r.note} |`,
    ),
    '',
    `Work per pair: median ${at(0.5)}, 99th percentile ${at(0.99)}, largest ${at(1)} units.`,
  ];
  if (rows.length === 3)
    lines.push('', `Speed of sagga over the reference on the same pairs: ${(rows[1].pairsPerSecond / rows[2].pairsPerSecond).toFixed(2)}×.`);
  const summary = (s: Score) => ({
    pairs: s.pairs,
    incorrectPairs: s.incorrectPairs,
    falseCorrect: s.falseCorrect.length,
    falseIncorrect: s.falseIncorrect.length,
    undecided: s.undecided.length,
  });
  return {
    lines,
    json: {
      rows: rows.map((r) => ({ name: r.name, pairs: r.pairs, pairsPerSecond: r.pairsPerSecond, note: r.note, score: summary(r.score) })),
      referenceWallMs,
    },
  };
}
