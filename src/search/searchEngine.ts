import type { LengthMeasure } from '../../fitness/types.js';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import { canonicalKey } from '../expr/canonical.js';
import { metrics, type ExprMetrics } from '../expr/metrics.js';
import { toInfix, toLatex } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { FailureKind, Judgement } from '../judge/judgeTypes.js';
import type { ArchiveRecord, EvaluatedRecord, StopReason } from '../run/runSchema.js';
import type { AskedProblem } from './searchTypes.js';
import { selectSeeds, type SeedSelection } from './selectSeeds.js';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';

export interface EngineParams {
  readonly seedSize: number;
  readonly generationSize: number;
  readonly clusters: number;
  readonly tau: number;
  readonly archiveSize: number;
  readonly maxGenerations: number | null;
  readonly seedSelection: SeedSelection;
  readonly keepInitialSeeds: boolean;
  readonly maxRetries: number;
  readonly lengthMeasure: LengthMeasure;
  /** Recorded in every archive line. */
  readonly targetName: string;
}

export interface EngineDeps {
  /** One mutation of a tree (the mutation config is bound by the caller). */
  readonly mutate: (tree: Expr, rng: Rng) => Expr;
  /** `checkCandidate` of validity.ts with the run's limits bound. */
  readonly checkCandidate: (e: Expr) => CandidateCheck;
  readonly embedder: Embedder;
  readonly fitness: Fitness;
  /** Root generator of the run. Each generation forks its own stream from it. */
  readonly rng: Rng;
  readonly initialSeeds: readonly Expr[];
}

/** Everything the engine needs to continue a run exactly where it stood (with the evaluated keys). */
export interface EngineState {
  /** Completed generations. */
  readonly generation: number;
  readonly seeds: readonly Expr[];
  /** Problems whose answers were lost in transport, to be asked again in the next generation. */
  readonly retry: readonly AskedProblem[];
  /** Consecutive generations without a single new valid problem. */
  readonly stalled: number;
  readonly archiveCount: number;
  readonly archiveLengthSum: number;
  readonly evaluatedCount: number;
  readonly stopReason: StopReason | null;
}

/** What `ask` produced: the problems to put to the target and how they were made. */
export interface GenerationAsk {
  readonly generation: number;
  readonly problems: readonly AskedProblem[];
  readonly candidates: number;
  readonly valid: number;
  readonly duplicates: number;
  readonly retried: number;
  readonly invalidReasons: Readonly<Record<string, number>>;
}

export interface Evaluation {
  readonly problem: AskedProblem;
  readonly judgement: Judgement;
}

/** What `tell` decided for the generation. */
export interface GenerationTell {
  readonly generation: number;
  readonly archived: readonly ArchiveRecord[];
  readonly evaluated: readonly EvaluatedRecord[];
  readonly evaluatedCount: number;
  readonly failures: number;
  readonly undecided: number;
  readonly errors: number;
  readonly skipped: number;
  readonly meetingTau: number;
  readonly meanLength: number | null;
  readonly kinds: Readonly<Record<FailureKind, number>>;
  readonly seeds: number;
  readonly clusters: number;
  readonly stopReason: StopReason | null;
}

/** After this many generations in a row without a new valid problem, the run stops as `stalled`. */
export const STALL_LIMIT = 10;

/**
 * Algorithm 1 of the paper as an ask/tell engine (like pyribs' schedulers): `ask` mutates the
 * seeds into a generation, validates and deduplicates it against every problem ever evaluated;
 * the caller puts the problems to the target and judges the answers; `tell` scores them, archives
 * the failures meeting τ, and picks the next seeds. The engine does no I/O; its state is
 * `state()` plus the set of evaluated keys, which together reproduce the run exactly.
 */
export class SearchEngine {
  private readonly params: EngineParams;
  private readonly deps: EngineDeps;
  private readonly evaluatedKeys: Set<string>;
  private readonly initialSeedKeys: string[];
  private current: EngineState;
  private pending: GenerationAsk | undefined;

  constructor(params: EngineParams, deps: EngineDeps, restore?: { state: EngineState; evaluatedKeys: Iterable<string> }) {
    if (deps.initialSeeds.length === 0) throw new Error('the search needs at least one initial seed');
    this.params = params;
    this.deps = deps;
    this.initialSeedKeys = deps.initialSeeds.map(canonicalKey);
    this.evaluatedKeys = new Set(restore?.evaluatedKeys ?? []);
    this.current = restore?.state ?? {
      generation: 0,
      seeds: dedupeByKey(deps.initialSeeds),
      retry: [],
      stalled: 0,
      archiveCount: 0,
      archiveLengthSum: 0,
      evaluatedCount: 0,
      stopReason: null,
    };
  }

  state(): EngineState {
    return this.current;
  }

  hasEvaluated(key: string): boolean {
    return this.evaluatedKeys.has(key);
  }

  /** Why the run should not go on, or null. Raising the limits on resume can lift a stop. */
  stopReason(): StopReason | null {
    const s = this.current;
    if (s.archiveCount >= this.params.archiveSize) return 'archive-full';
    if (this.params.maxGenerations !== null && s.generation >= this.params.maxGenerations) return 'max-generations';
    if (s.seeds.length === 0 && s.retry.length === 0) return 'no-seeds';
    if (s.stalled >= STALL_LIMIT) return 'stalled';
    return null;
  }

  /**
   * The next generation: generationSize mutants spread evenly over the seeds (each seed gets
   * generationSize/|seeds|, the first ones one more when it does not divide), plus the problems to
   * retry. Mutants that fail the candidate check or repeat a known problem are dropped.
   */
  ask(): GenerationAsk {
    if (this.pending) throw new Error('ask() called twice without tell()');
    const generation = this.current.generation + 1;
    const rng = this.generationRng(generation).fork('mutate');
    const seeds = this.current.seeds;
    const seen = new Set<string>();
    const problems: AskedProblem[] = [];
    const invalidReasons: Record<string, number> = {};
    let valid = 0;
    let duplicates = 0;

    for (const retry of this.current.retry) {
      if (this.evaluatedKeys.has(retry.key) || seen.has(retry.key)) continue;
      seen.add(retry.key);
      problems.push({ ...retry, id: `g${generation}-r${problems.length}`, attempt: retry.attempt + 1 });
    }
    const retried = problems.length;

    let candidates = 0;
    if (seeds.length > 0) {
      const base = Math.floor(this.params.generationSize / seeds.length);
      const extra = this.params.generationSize % seeds.length;
      for (let s = 0; s < seeds.length; s++) {
        const seed = seeds[s];
        const parent = toInfix(seed);
        const count = base + (s < extra ? 1 : 0);
        for (let j = 0; j < count; j++) {
          candidates++;
          let mutant: Expr;
          try {
            mutant = this.deps.mutate(seed, rng);
          } catch (err) {
            countReason(invalidReasons, `mutation failed: ${err instanceof Error ? err.message : String(err)}`);
            continue;
          }
          const check = this.deps.checkCandidate(mutant);
          if (!check.ok) {
            countReason(invalidReasons, check.reason);
            continue;
          }
          valid++;
          if (this.evaluatedKeys.has(check.key) || seen.has(check.key)) {
            duplicates++;
            continue;
          }
          seen.add(check.key);
          problems.push({
            id: `g${generation}-${candidates - 1}`,
            key: check.key,
            expr: check.expr,
            infix: toInfix(check.expr),
            latex: toLatex(check.expr),
            parent,
            attempt: 0,
          });
        }
      }
    }
    this.pending = { generation, problems, candidates: candidates + retried, valid, duplicates, retried, invalidReasons };
    return this.pending;
  }

  /**
   * The generation's judgements, in any order, one per asked problem (a problem left out counts as a
   * transport error). Scores every decided problem, archives failures with fitness ≥ τ while there
   * is room, and selects the next seeds among the decided problems with fitness ≥ τ.
   */
  async tell(evaluations: readonly Evaluation[]): Promise<GenerationTell> {
    const asked = this.pending;
    if (!asked) throw new Error('tell() without ask()');
    const p = this.params;
    const judged = new Map<string, Judgement>();
    for (const e of evaluations) judged.set(e.problem.id, e.judgement);

    const decided: Array<{ problem: AskedProblem; judgement: Exclude<Judgement, { status: 'error' }> }> = [];
    const retry: AskedProblem[] = [];
    const evaluated: EvaluatedRecord[] = [];
    let errors = 0;
    let skipped = 0;
    for (const problem of asked.problems) {
      const judgement = judged.get(problem.id) ?? { status: 'error' as const, reason: 'no judgement', answers: [] };
      if (judgement.status === 'error') {
        errors++;
        if (problem.attempt < p.maxRetries) retry.push(problem);
        else {
          skipped++;
          evaluated.push({ key: problem.key, generation: asked.generation, status: 'skipped', fitness: null, problem: problem.infix, reason: judgement.reason });
        }
        continue;
      }
      decided.push({ problem, judgement });
    }

    const embeddings = decided.length > 0 ? await this.deps.embedder.embed(decided.map((d) => d.problem.expr)) : [];
    const archived: ArchiveRecord[] = [];
    const pool: Array<{ key: string; fitness: number; embedding: Float64Array; expr: Expr }> = [];
    const kinds: Record<FailureKind, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
    let failures = 0;
    let undecided = 0;
    let meetingTau = 0;
    let lengthSum = 0;
    let archiveCount = this.current.archiveCount;
    let archiveLengthSum = this.current.archiveLengthSum;

    decided.forEach(({ problem, judgement }, i) => {
      const m = metrics(problem.expr);
      const length = lengthOf(m, p.lengthMeasure);
      lengthSum += length;
      const failed = judgement.status === 'fail';
      let fitness = this.deps.fitness.score({ metrics: m, expr: problem.expr, embedding: embeddings[i], failed });
      if (!Number.isFinite(fitness)) fitness = 0;
      this.evaluatedKeys.add(problem.key);
      evaluated.push({
        key: problem.key,
        generation: asked.generation,
        status: judgement.status,
        fitness,
        problem: problem.infix,
        ...(judgement.status === 'fail' ? { kind: judgement.kind } : {}),
        ...(judgement.status === 'undecided' ? { reason: judgement.reason } : {}),
      });
      if (judgement.status === 'undecided') undecided++;
      if (fitness >= p.tau) pool.push({ key: problem.key, fitness, embedding: embeddings[i], expr: problem.expr });
      if (judgement.status !== 'fail') return;
      failures++;
      kinds[judgement.kind]++;
      if (fitness < p.tau) return;
      meetingTau++;
      if (archiveCount >= p.archiveSize) return;
      archiveCount++;
      archiveLengthSum += length;
      archived.push({
        id: problem.id,
        problem: problem.infix,
        latex: problem.latex,
        key: problem.key,
        generation: asked.generation,
        fitness,
        length,
        chars: m.chars,
        tokens: m.tokens,
        nodes: m.nodes,
        depth: m.depth,
        terms: m.terms,
        target: p.targetName,
        kind: judgement.kind,
        reason: judgement.reason,
        parent: problem.parent,
        answers: judgement.answers,
      });
    });

    const selection = selectSeeds(pool, { seedSize: p.seedSize, clusters: p.clusters, method: p.seedSelection }, this.generationRng(asked.generation).fork('select'));
    const selected = selection.seeds.map((s) => s.expr);
    const seeds = p.keepInitialSeeds ? dedupeByKey([...this.deps.initialSeeds, ...selected]) : dedupeByKey(selected);
    const noNewProblem = decided.length === 0 && errors === 0;

    this.current = {
      generation: asked.generation,
      seeds,
      retry,
      stalled: noNewProblem ? this.current.stalled + 1 : 0,
      archiveCount,
      archiveLengthSum,
      evaluatedCount: this.current.evaluatedCount + decided.length,
      stopReason: null,
    };
    const stopReason = this.stopReason();
    this.current = { ...this.current, stopReason };
    this.pending = undefined;
    return {
      generation: asked.generation,
      archived,
      evaluated,
      evaluatedCount: decided.length,
      failures,
      undecided,
      errors,
      skipped,
      meetingTau,
      meanLength: decided.length > 0 ? lengthSum / decided.length : null,
      kinds,
      seeds: seeds.length,
      clusters: selection.clusters,
      stopReason,
    };
  }

  /** Drop a generation that was asked but will not be told (the run was interrupted). */
  abandon(): void {
    this.pending = undefined;
  }

  /** Keys of the initial seeds (for config.json). */
  initialKeys(): readonly string[] {
    return this.initialSeedKeys;
  }

  private generationRng(generation: number): Rng {
    // A fresh stream per generation: a resumed run needs no generator state to repeat generation g.
    return this.deps.rng.fork(`generation-${generation}`);
  }
}

function lengthOf(m: ExprMetrics, measure: LengthMeasure): number {
  return m[measure];
}

function dedupeByKey(exprs: readonly Expr[]): Expr[] {
  const seen = new Set<string>();
  const out: Expr[] = [];
  for (const e of exprs) {
    const key = canonicalKey(e);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}

/** Group similar reasons ("longer than 100 characters (131)") under one label. */
function countReason(counts: Record<string, number>, reason: string): void {
  const label = reason
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, 'N')
    .slice(0, 80)
    .trim();
  counts[label] = (counts[label] ?? 0) + 1;
}
