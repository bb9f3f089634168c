/**
 * The `series`, `limit` and `ode` sections of bench:verify: pairs/s and accuracy of sagga's verifier of
 * each task on its labelled set, single thread, and the same on a fixed random subsample beside the
 * reference way (bench/python/task_reference_check.py: SymPy's series or limit, then `simplify` of
 * the difference; for an ODE, `checkodesol`, `simplify` of each condition and a count of the
 * constants), with the speed-up as a ratio. Returns Markdown lines; prints progress on stderr.
 */
import { performance } from 'node:perf_hooks';
import { verifyLimitStrings } from '../src/tasks/limit/verifyLimitStrings.js';
import { verifyOdeStrings } from '../src/tasks/ode/verifyOdeStrings.js';
import { verifySeriesStrings } from '../src/tasks/series/verifySeriesStrings.js';
import { createRng } from '../src/util/rng.js';
import { parseParameterAssumptions } from '../src/verify/parameterAssumptions.js';
import type { Verdict, VerifyResult } from '../src/verify/types.js';
import { readLabelledTaskPairs, type LabelledTaskPair } from '../testkit/readLabelledTaskPairs.js';
import { runPythonJsonLines } from './runPythonJsonLines.js';
import { scoreVerdicts, type Score } from '../testkit/scoreVerdicts.js';

export interface TaskSectionOptions {
  readonly series: string;
  readonly limit: string;
  readonly ode: string;
  /** Pairs per task timed with sagga (all of them when larger than the set). */
  readonly pairs: number;
  /** Pairs per task in the subsample checked by both. */
  readonly referenceSample: number;
  readonly referenceTimeout: number;
  readonly python: string;
  readonly seed: string;
  readonly reference: boolean;
}

interface Row {
  readonly name: string;
  readonly pairs: number;
  readonly pairsPerSecond: number;
  readonly score: Score;
}

const VERIFIER_NAMES: Readonly<Record<LabelledTaskPair['task'], string>> = {
  series: 'verifySeriesStrings',
  limit: 'verifyLimitStrings',
  ode: 'verifyOdeStrings',
};

function verifyTaskPair(p: LabelledTaskPair): VerifyResult {
  switch (p.task) {
    case 'series':
      return verifySeriesStrings(p.problem, p.point, p.order, p.answer);
    case 'limit':
      return verifyLimitStrings(p.problem, p.point, p.direction, p.answer);
    case 'ode': {
      const parameters = parseParameterAssumptions(p.parameters);
      if (!parameters.ok) throw new Error(`${p.id}: ${parameters.error}`);
      return verifyOdeStrings(p.problem, p.conditions, p.answer, { parameters: parameters.parameters });
    }
  }
}

function row(name: string, pairs: readonly LabelledTaskPair[], verdicts: readonly Verdict[], ms: number): Row {
  const score = scoreVerdicts(pairs.map((pair, i) => ({ pair, verdict: verdicts[i] })));
  return { name, pairs: pairs.length, pairsPerSecond: ms > 0 ? (1000 * pairs.length) / ms : Infinity, score };
}

function table(rows: readonly Row[]): string[] {
  const fmt = (r: number) => (r >= 100 ? Math.round(r).toLocaleString('en-US') : r.toFixed(r >= 10 ? 1 : 2));
  return [
    '| verifier | pairs | pairs/s | incorrect called correct | correct called incorrect | unknown |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const s = r.score;
      return `| ${r.name} | ${r.pairs} | ${fmt(r.pairsPerSecond)} | ${s.falseCorrect.length}/${s.incorrectPairs} | ${s.falseIncorrect.length}/${s.pairs - s.incorrectPairs} | ${s.undecided.length} (${(100 * s.undecidedRate).toFixed(1)}%) |`;
    }),
  ];
}

async function section(task: LabelledTaskPair['task'], path: string, opts: TaskSectionOptions): Promise<string[]> {
  const all: LabelledTaskPair[] = readLabelledTaskPairs(path, task);
  const rng = createRng(`${opts.seed}:${task}`);
  const ours = opts.pairs >= all.length ? all : rng.fork('order').shuffle(all).slice(0, opts.pairs);
  const sample = rng.fork('reference').shuffle(all).slice(0, Math.min(opts.referenceSample, all.length));
  console.error(`${task}: timing sagga on ${ours.length} pairs…`);
  // Warm-up so that the figure is the steady state, not V8 compiling the verifier.
  for (const p of ours.slice(0, 20)) verifyTaskPair(p);
  const started = performance.now();
  const results = ours.map(verifyTaskPair);
  const rows = [
    row(
      `sagga \`${VERIFIER_NAMES[task]}\`, 1 thread`,
      ours,
      results.map((r) => r.verdict),
      performance.now() - started,
    ),
  ];
  const byId = new Map(ours.map((p, i) => [p.id, results[i]] as const));
  const sampleOurs = sample.map((p) => byId.get(p.id) ?? verifyTaskPair(p));
  rows.push(
    row(
      'sagga, same subsample as the reference',
      sample,
      sampleOurs.map((r) => r.verdict),
      sampleOurs.reduce((t, r) => t + r.ms, 0),
    ),
  );
  const lines = [`\`${task}\` (${path}, ${all.length} pairs, ${all.filter((p) => p.label === 'incorrect').length} incorrect):`, ''];
  if (opts.reference && sample.length > 0) {
    console.error(`${task}: the SymPy reference on ${sample.length} pairs, ${opts.referenceTimeout} s timeout each…`);
    const run = await runPythonJsonLines<{ id: string; verdict: Verdict; ms: number }>(
      opts.python,
      'task_reference_check.py',
      ['--timeout', String(opts.referenceTimeout)],
      sample.map(({ label: _label, family: _family, ...line }) => line),
      { stderr: 'pipe' },
    );
    if (run.replies.length !== sample.length)
      throw new Error(`reference answered ${run.replies.length} of ${sample.length} ${task} pairs: ${run.stderr.slice(-2000)}`);
    const refMs = run.replies.reduce((t, r) => t + r.ms, 0);
    const reference = task === 'ode' ? '`checkodesol`, conditions by `simplify`, constants counted' : `\`${task}\` then \`simplify\``;
    rows.push(
      row(
        `reference: SymPy ${reference}, ${opts.referenceTimeout} s timeout`,
        sample,
        run.replies.map((r) => r.verdict),
        refMs,
      ),
    );
    lines.push(
      ...table(rows),
      '',
      `Speed-up over the reference on the subsample: ${(rows[1].pairsPerSecond / rows[2].pairsPerSecond).toFixed(1)}× (per-pair times; the reference's ${(run.wallMs / 1000).toFixed(1)} s wall includes its start-up).`,
    );
  } else {
    lines.push(...table(rows));
  }
  return lines;
}

/** The tasks' sections: series, limit, ode. */
export async function taskVerifySection(opts: TaskSectionOptions): Promise<string[]> {
  const series = await section('series', opts.series, opts);
  const limit = await section('limit', opts.limit, opts);
  const ode = await section('ode', opts.ode, opts);
  return ['Task verifiers, single thread:', '', ...series, '', ...limit, '', ...ode];
}
