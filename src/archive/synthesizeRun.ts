import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { metrics } from '../expr/metrics.js';
import { parseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/toInfix.js';
import { toLatex } from '../expr/toLatex.js';
import type { Expr } from '../expr/types.js';
import { CHECKPOINT_FORMAT, RUN_FILES } from '../search/runFiles.js';
import { checkCandidate } from '../search/validity.js';
import { createRng, type Rng } from '../util/rng.js';

export interface SyntheticRunOptions {
  /** Archive size to reach. */
  readonly failures: number;
  readonly seed?: string;
  /** `short` or `length:<L>`: what the archived problems are pulled towards. Default `short`. */
  readonly fitness?: string;
  readonly generationSize?: number;
}

const KINDS = ['wrong', 'unparseable', 'no-answer', 'timeout'] as const;
const KIND_WEIGHTS = [0.72, 0.12, 0.11, 0.05];
const TAU = 0.01;
const SEED_COUNT = 24;
/** The target named in the run's files (no model is asked). */
const TARGET = 'synthetic';

/**
 * Write a run directory that looks like one `sagga search` writes (config.json, archive.jsonl,
 * generations.jsonl, checkpoint.json in the formats of DESIGN.md), without a model: problems come
 * from the real mutation operators and candidate check, a seeded coin decides which ones the
 * pretend model fails (bigger problems fail more often), and the fittest failures seed the next
 * generation, so that archives drift towards the fitness spec's length as real ones do. For
 * demos, tests and benchmarks of the report; `config.json` says `"synthetic": true`.
 */
export function synthesizeRun(dir: string, options: SyntheticRunOptions): void {
  const seed = options.seed ?? 'synthetic';
  const fitnessSpec = options.fitness ?? 'short';
  const generationSize = options.generationSize ?? 200;
  const targetLength = /^length:(\d+(?:\.\d+)?)$/.exec(fitnessSpec)?.[1];
  const fitnessOf = (length: number): number =>
    targetLength !== undefined ? Math.exp(-Math.abs(length - Number(targetLength)) / Number(targetLength)) : 1 / Math.max(1, length);

  const rng = createRng(seed);
  const config = resolveMutationConfig('distance', { ops: ['add', 'mul', 'pow', 'sin', 'cos'] });
  const initial = ['1', 'x', 'x + 1', 'x^2 + x + 1'].map((t) => parseExpr(t));
  let seeds: Expr[] = [...initial];
  const seen = new Set<string>();
  const archive: Record<string, unknown>[] = [];
  const generations: Record<string, unknown>[] = [];
  const totals = { candidates: 0, asked: 0, evaluated: 0, failures: 0, target: 0, verify: 0, engine: 0 };

  for (let generation = 1; archive.length < options.failures && generation <= 500; generation++) {
    const failed: { expr: Expr; fitness: number }[] = [];
    let valid = 0;
    let evaluated = 0;
    let meetingTau = 0;
    let lengthSum = 0;
    const kinds: Record<string, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
    const archivedBefore = archive.length;
    for (let i = 0; i < generationSize; i++) {
      const parent = seeds[i % seeds.length];
      const check = checkCandidate(mutate(parent, rng, config));
      if (!check.ok) continue;
      valid++;
      if (seen.has(check.key)) continue;
      seen.add(check.key);
      evaluated++;
      const m = metrics(check.expr);
      lengthSum += m.chars;
      const failProbability = Math.min(0.85, 0.1 + 0.03 * m.nodes);
      if (rng.next() >= failProbability) continue;
      const fitness = fitnessOf(m.chars);
      failed.push({ expr: check.expr, fitness });
      if (fitness < TAU) continue;
      meetingTau++;
      if (archive.length >= options.failures) continue;
      const kind = KINDS[rng.weighted(KIND_WEIGHTS)];
      kinds[kind]++;
      const infix = toInfix(check.expr);
      const answer = syntheticAnswer(kind, check.expr, rng, config);
      archive.push({
        id: `g${generation}-${i}`,
        problem: infix,
        latex: toLatex(check.expr),
        key: check.key,
        generation,
        fitness: round(fitness),
        length: m.chars,
        chars: m.chars,
        tokens: m.tokens,
        nodes: m.nodes,
        depth: m.depth,
        terms: m.terms,
        target: TARGET,
        kind,
        reason: answer.reason,
        parent: toInfix(parent),
        answers: [answer],
      });
    }
    const novel = archive.slice(archivedBefore);
    const seconds = { target: round(0.4 + rng.next() * evaluated * 0.02), verify: round(evaluated * 0.001 * (1 + rng.next())), engine: round(0.05 + rng.next() * 0.1) };
    generations.push({
      generation,
      candidates: generationSize,
      valid,
      duplicates: valid - evaluated,
      asked: evaluated,
      evaluated,
      failures: failed.length,
      undecided: 0,
      errors: 0,
      skipped: 0,
      meeting_tau: meetingTau,
      novel: novel.length,
      archive_size: archive.length,
      mean_length: evaluated > 0 ? round(lengthSum / evaluated) : null,
      archived_mean_length: novel.length > 0 ? round(novel.reduce((s, e) => s + (e.length as number), 0) / novel.length) : null,
      kinds,
      seconds,
    });
    totals.candidates += generationSize;
    totals.asked += evaluated;
    totals.evaluated += evaluated;
    totals.failures += failed.length;
    totals.target += seconds.target;
    totals.verify += seconds.verify;
    totals.engine += seconds.engine;
    const fittest = failed.sort((a, b) => b.fitness - a.fitness).slice(0, SEED_COUNT - initial.length);
    seeds = fittest.length > 0 ? [...initial, ...fittest.map((f) => f.expr)] : seeds;
  }

  mkdirSync(dir, { recursive: true });
  const generationCount = generations.length;
  const configRecord = {
    synthetic: true,
    created: new Date(0).toISOString(),
    settings: {
      target: TARGET,
      seeds: 'default',
      mutations: 'distance',
      fitness: fitnessSpec,
      lengthMeasure: 'chars',
      tau: TAU,
      seedSize: SEED_COUNT,
      generationSize,
      clusters: 10,
      archiveSize: options.failures,
      maxGenerations: null,
      k: 1,
      embedder: 'structural',
      rngSeed: seed,
    },
    fitness: { spec: fitnessSpec, description: targetLength !== undefined ? `failure × exp(-|chars - ${targetLength}| / ${targetLength})` : 'failure × 1/chars' },
    embedder: { name: 'structural' },
    target: { name: TARGET },
  };
  const checkpoint = {
    format: CHECKPOINT_FORMAT,
    synthetic: true,
    engine: { generation: generationCount, archiveCount: archive.length, stopReason: archive.length >= options.failures ? 'archive-full' : 'max-generations' },
    totals: {
      candidates: totals.candidates,
      asked: totals.asked,
      evaluated: totals.evaluated,
      failures: totals.failures,
      errors: 0,
      seconds: { target: round(totals.target), verify: round(totals.verify), engine: round(totals.engine), wall: round(totals.target + totals.verify + totals.engine) },
    },
  };
  writeFileSync(join(dir, RUN_FILES.config), JSON.stringify(configRecord, null, 2) + '\n');
  writeFileSync(join(dir, RUN_FILES.archive), archive.map((a) => JSON.stringify(a) + '\n').join(''));
  writeFileSync(join(dir, RUN_FILES.generations), generations.map((g) => JSON.stringify(g) + '\n').join(''));
  writeFileSync(join(dir, RUN_FILES.checkpoint), JSON.stringify(checkpoint) + '\n');
}

function syntheticAnswer(kind: (typeof KINDS)[number], problem: Expr, rng: Rng, config: ReturnType<typeof resolveMutationConfig>) {
  switch (kind) {
    case 'wrong': {
      const check = checkCandidate(mutate(problem, rng, config));
      const wrong = check.ok ? toInfix(check.expr) : `x*(${toInfix(problem)})`;
      const at = [0.137, 0.419, 0.733, 1.271][rng.int(0, 3)];
      return { text: wrong, status: 'ok', verdict: 'incorrect', reason: `the derivative of the answer differs from the integrand at x = ${at}`, answer: wrong };
    }
    case 'unparseable':
      return { text: `Using integration by parts, \\int f\\,dx = \\frac{x^{2}}{2} + \\mathrm{Li}_2(x) +`, status: 'unparseable', reason: 'no expression could be read from the answer' };
    case 'no-answer':
      return { text: `integrate(${toInfix(problem)}, x)`, status: 'no-answer', reason: 'the integral was returned unevaluated' };
    case 'timeout':
      return { text: '', status: 'timeout', reason: 'no answer within 30 s' };
  }
}

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
