import type { LengthMeasure } from '../../fitness/types.js';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import { canonicalKey } from '../expr/canonical.js';
import { metrics, type ExprMetrics } from '../expr/metrics.js';
import { toInfix, toLatex } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { FailureKind, Judgement, Proof } from '../judge/judgeTypes.js';
import type { ArchiveRecord, EvaluatedRecord, FailuresMode, NoveltyMode, StopReason } from '../run/runSchema.js';
import type { AskedProblem, ShrunkFailure } from './searchTypes.js';
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
  /** `proven`: an unproven failure is neither archived nor scored as a failure. */
  readonly failures: FailuresMode;
  /** `signature`: a failure whose signature is archived already is a variant (no seat, fitness 0). */
  readonly novelty: NoveltyMode;
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
  /** The number-erased canonical form of a problem (src/expr/signature.ts). */
  readonly signature: (e: Expr) => string;
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
  /**
   * Signatures of the archive, each with the id of its line: the minimal problem's and the original
   * problem's (so a repeat is known before it is shrunk). Absent in runs made before signatures.
   */
  readonly signatures?: Readonly<Record<string, string>>;
  /** Repeats seen per archive line id. */
  readonly variants?: Readonly<Record<string, number>>;
  /** Distinct signatures of archived failures (their minimal forms'). */
  readonly distinctSignatures?: number;
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
  /** A failure's smallest failing form, when it was shrunk (else the problem is its own minimal form). */
  readonly minimal?: ShrunkFailure;
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
  readonly proven: number;
  readonly provenKinds: Readonly<Record<FailureKind, number>>;
  readonly proofs: Readonly<Record<Proof['by'], number>>;
  readonly variants: number;
  /** Problems left unasked (a budget stopped the run): asked first in the next generation. */
  readonly unasked: number;
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
      signatures: {},
      variants: {},
      distinctSignatures: 0,
    };
  }

  state(): EngineState {
    return this.current;
  }

  hasEvaluated(key: string): boolean {
    return this.evaluatedKeys.has(key);
  }

  /** The archive line a signature belongs to, if any (a failure with it would be a variant). */
  archivedSignature(signature: string): string | undefined {
    return this.current.signatures?.[signature];
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
   * The generation's judgements, in any order, one per asked problem; a problem left out was not
   * asked (a budget stopped the run) and is asked first in the next generation, without counting as
   * an attempt. Scores every decided problem, archives failures with fitness ≥ τ while there is room,
   * and selects the next seeds among the decided problems with fitness ≥ τ.
   *
   * A failure counts (is scored as one, may be archived) when it is proven, or under `failures: all`.
   * Under `novelty: signature` a counted failure whose signature is archived already is a variant:
   * it raises that line's count, takes no seat, and its fitness is divided by 1 + that count, so
   * that repeats of a bug breed less the more often it is found (the search spends its calls on new
   * ground, without losing the failing ground around a known bug).
   */
  async tell(evaluations: readonly Evaluation[]): Promise<GenerationTell> {
    const asked = this.pending;
    if (!asked) throw new Error('tell() without ask()');
    const p = this.params;
    const judged = new Map<string, Evaluation>();
    for (const e of evaluations) judged.set(e.problem.id, e);

    const decided: Array<{ problem: AskedProblem; judgement: Exclude<Judgement, { status: 'error' }>; minimal?: Evaluation['minimal'] }> = [];
    const retry: AskedProblem[] = [];
    const evaluated: EvaluatedRecord[] = [];
    let errors = 0;
    let skipped = 0;
    let unasked = 0;
    for (const problem of asked.problems) {
      const evaluation = judged.get(problem.id);
      if (!evaluation) {
        unasked++;
        // ask() adds one to a retry's attempt; this one was never tried.
        retry.push({ ...problem, attempt: problem.attempt - 1 });
        continue;
      }
      const judgement = evaluation.judgement;
      if (judgement.status === 'error') {
        errors++;
        if (problem.attempt < p.maxRetries) retry.push(problem);
        else {
          skipped++;
          evaluated.push({ key: problem.key, generation: asked.generation, status: 'skipped', fitness: null, problem: problem.infix, reason: judgement.reason });
        }
        continue;
      }
      decided.push({ problem, judgement, minimal: evaluation.minimal });
    }

    const embeddings = decided.length > 0 ? await this.deps.embedder.embed(decided.map((d) => d.problem.expr)) : [];
    const archived: ArchiveRecord[] = [];
    const pool: Array<{ key: string; fitness: number; embedding: Float64Array; expr: Expr }> = [];
    const kinds: Record<FailureKind, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
    const provenKinds: Record<FailureKind, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
    const proofs: Record<Proof['by'], number> = { verifier: 0, reference: 0 };
    const signatures: Record<string, string> = { ...(this.current.signatures ?? {}) };
    const variants: Record<string, number> = { ...(this.current.variants ?? {}) };
    let failures = 0;
    let proven = 0;
    let variantCount = 0;
    let undecided = 0;
    let meetingTau = 0;
    let lengthSum = 0;
    let archiveCount = this.current.archiveCount;
    let archiveLengthSum = this.current.archiveLengthSum;
    let distinctSignatures = this.current.distinctSignatures ?? 0;

    decided.forEach(({ problem, judgement, minimal }, i) => {
      const m = metrics(problem.expr);
      const length = lengthOf(m, p.lengthMeasure);
      lengthSum += length;
      this.evaluatedKeys.add(problem.key);
      if (judgement.status === 'undecided') undecided++;
      if (judgement.status === 'fail') {
        failures++;
        kinds[judgement.kind]++;
        if (judgement.proof !== null) {
          proven++;
          provenKinds[judgement.kind]++;
          proofs[judgement.proof.by]++;
        }
      }
      const counted = judgement.status === 'fail' && (p.failures === 'all' || judgement.proof !== null);
      const minimalExpr = counted && minimal ? minimal.expr : problem.expr;
      const signature = judgement.status === 'fail' ? this.deps.signature(minimalExpr) : undefined;
      // The problem's own shape: its signature when it was not shrunk, computed once.
      const shape = counted ? (minimalExpr === problem.expr ? signature! : this.deps.signature(problem.expr)) : undefined;
      const variantOf = counted && p.novelty === 'signature' ? (signatures[signature!] ?? signatures[shape!]) : undefined;
      let fitness = this.deps.fitness.score({ metrics: m, expr: problem.expr, embedding: embeddings[i], failed: counted });
      if (!Number.isFinite(fitness)) fitness = 0;
      if (variantOf !== undefined) {
        variantCount++;
        variants[variantOf] = (variants[variantOf] ?? 0) + 1;
        // The more often a bug is found again, the less its repeats breed: they still lead the search
        // into failing ground, but a new bug of the same size is always preferred.
        fitness /= 1 + variants[variantOf];
        // Its own shape too: a later failure of the same shape, left unshrunk because this one was being shrunk, is the same bug.
        signatures[shape!] ??= variantOf;
      }
      evaluated.push({
        key: problem.key,
        generation: asked.generation,
        status: judgement.status,
        fitness,
        problem: problem.infix,
        ...(judgement.status === 'fail' ? { kind: judgement.kind, proof: judgement.proof, signature } : {}),
        ...(judgement.status === 'undecided' ? { reason: judgement.reason } : {}),
        ...(judgement.status === 'fail' && judgement.proof === null ? { reason: judgement.unproven ?? 'unproven' } : {}),
        ...(variantOf !== undefined ? { variant_of: variantOf } : {}),
      });
      if (fitness >= p.tau) pool.push({ key: problem.key, fitness, embedding: embeddings[i], expr: problem.expr });
      if (!counted || judgement.status !== 'fail' || variantOf !== undefined) return;
      if (fitness < p.tau) return;
      meetingTau++;
      if (archiveCount >= p.archiveSize) return;
      archiveCount++;
      archiveLengthSum += length;
      const minimalJudgement = minimal && minimal.judgement.status === 'fail' ? minimal.judgement : judgement;
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
        proof: judgement.proof,
        signature: signature!,
        minimal: { problem: toInfix(minimalExpr), answers: minimalJudgement.answers, proof: minimalJudgement.proof, nodes: metrics(minimalExpr).nodes },
        variants: 0,
        ...(minimal ? { shrink: { calls: minimal.calls, probes: minimal.probes, steps: minimal.steps, stopped: minimal.stopped } } : {}),
      });
      if (signatures[signature!] === undefined) distinctSignatures++;
      signatures[signature!] ??= problem.id;
      signatures[shape!] ??= problem.id;
    });

    const selection = selectSeeds(pool, { seedSize: p.seedSize, clusters: p.clusters, method: p.seedSelection }, this.generationRng(asked.generation).fork('select'));
    const selected = selection.seeds.map((s) => s.expr);
    const seeds = p.keepInitialSeeds ? dedupeByKey([...this.deps.initialSeeds, ...selected]) : dedupeByKey(selected);
    const noNewProblem = decided.length === 0 && errors === 0 && unasked === 0;

    this.current = {
      generation: asked.generation,
      seeds,
      retry,
      stalled: noNewProblem ? this.current.stalled + 1 : 0,
      archiveCount,
      archiveLengthSum,
      evaluatedCount: this.current.evaluatedCount + decided.length,
      stopReason: null,
      signatures,
      variants,
      distinctSignatures,
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
      proven,
      provenKinds,
      proofs,
      variants: variantCount,
      unasked,
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
