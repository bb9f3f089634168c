import type { LengthMeasure } from '../../fitness/types.js';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import { metrics, type ExprMetrics } from '../expr/metrics.js';
import type { Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { FailureKind, Judgement, Proof } from '../judge/judgeTypes.js';
import type { ArchiveRecord, EvaluatedRecord, FailuresMode, NoveltyMode, StopReason } from '../run/runSchema.js';
import type { AskedProblem, ShrunkFailure } from './searchTypes.js';
import type { SeedSelection } from './selectSeeds.js';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { BugLean } from '../population/bugLean.js';
import { EliteArchive, type EliteArchiveState } from '../population/eliteArchive.js';
import { describeProblem, type ProblemOutcome } from '../population/problemDescriptor.js';
import { broodAt } from './broodAt.js';
import { breedGeneration, type ParentOrigin } from './breedGeneration.js';
import { escalationPlan, RANDOM_SAMPLING_PLAN, TOP_LEVEL } from './escalationPlan.js';
import { FailureArchive, type FailureArchiveState, type KnownBug } from './failureArchive.js';
import { selectionPressure, type SelectionPressure } from './selectionPressure.js';
import { screenBroods } from './screenBroods.js';
import { selectParents, type PoolMember } from './selectParents.js';
import { ShapeTally } from './shapeTally.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { problemAssumptions } from '../tasks/problemAssumptions.js';
import { loadProblem, paramsField, storeProblem, type StoredProblem } from '../tasks/storedProblem.js';
import type { Task, TaskParams } from '../tasks/task.js';
import { CALM, hasStagnated, observeGeneration, type StagnationPolicy, type StagnationState } from './stagnation.js';

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
  /** Generations in a row without a new signature after which the run stops as `stagnated`; 0: never. */
  readonly patience: number;
  /** The lean of bug parents toward the bugs found last (`SelectionPressure.bugLean`). */
  readonly bugLean: BugLean;
  /** Problems of one shape (numbers erased) asked before it is asked no more; 0: no cap (`SelectionPressure.shapeCap`). */
  readonly shapeCap: number;
}

export interface EngineDeps {
  /**
   * One mutation of a tree (the mutation config is bound by the caller); `constantScale` (default 1)
   * asks for constants from a range that many times wider.
   */
  readonly mutate: (tree: Expr, rng: Rng, constantScale?: number) => Expr;
  /** `checkCandidate` of validity.ts with the run's limits bound. */
  readonly checkCandidate: (e: Expr) => CandidateCheck;
  readonly embedder: Embedder;
  readonly fitness: Fitness;
  /** Root generator of the run. Each generation forks its own stream from it. */
  readonly rng: Rng;
  /** The task's problems to start from (a bare tree: a problem without parameters). */
  readonly initialSeeds: readonly StoredProblem[];
  /** The number-erased canonical form of a tree (src/expr/signature.ts); the task adds its parameters'. */
  readonly signature: (e: Expr) => string;
  /**
   * The task (default integrate): it mutates, checks, keys and signs problems with the tree
   * operators above, and names its parameters on the run's lines.
   */
  readonly task?: Task;
}

/** Everything the engine needs to continue a run exactly where it stood (with the evaluated keys). */
export interface EngineState {
  /** Completed generations. */
  readonly generation: number;
  /** The next parents, bare trees for problems without parameters. */
  readonly seeds: readonly StoredProblem[];
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
  /** Where each seed came from (parallel to `seeds`). Absent in older runs. */
  readonly seedOrigins?: readonly ParentOrigin[];
  /** The archived bugs, parents for new ones. Absent in older runs. */
  readonly bugs?: readonly KnownBug[];
  /** The population: one elite per cell of the problem grid. Absent in older runs. */
  readonly population?: EliteArchiveState<StoredProblem>;
  /** Escalation level and how long no new signature has come. Absent in older runs. */
  readonly stagnation?: StagnationState;
}

/**
 * Cells the population keeps at most; once full, a problem of a new cell is turned away. A run
 * against nerdamer holds about 10,700 by 73,000 calls; the planted-deep model's runs fill it between
 * 62,000 and 95,000 calls, and some find bugs after that (docs/search.md, "Each planted bug").
 */
export const MAX_POPULATION_CELLS = 20_000;

/**
 * How much an elite of each outcome is worth as a parent, relative to a new bug: a solved problem
 * is a stepping stone, kept and bred from, but a failure of the same size is preferred. A failure
 * nothing proves (mostly an integral without a closed form, rightly declined) or an undecided
 * problem leads to more of its kind, not to bugs: it is kept, but drawn least.
 */
const OUTCOME_WEIGHT: Readonly<Record<ProblemOutcome, number>> = { wrong: 1, declined: 1, pass: 0.25, unproven: 0.1, undecided: 0.1 };

/** What `ask` produced: the problems to put to the target and how they were made. */
export interface GenerationAsk {
  readonly generation: number;
  readonly problems: readonly AskedProblem[];
  readonly candidates: number;
  readonly valid: number;
  readonly duplicates: number;
  readonly retried: number;
  readonly invalidReasons: Readonly<Record<string, number>>;
  /** New problems drawn but not asked: a targeting fitness asks one child of each slot's brood. */
  readonly screened: number;
  /** The escalation level the generation was drawn at (the highest of its passes). */
  readonly level: number;
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
  /** The population after the generation: cells filled, QD-score, and what this generation changed. */
  readonly population: { readonly cells: number; readonly qdScore: number; readonly newCells: number; readonly improvedCells: number };
  readonly stagnation: StagnationState;
  /** The next generation's parents by origin. */
  readonly parents: Readonly<Record<ParentOrigin, number>>;
}

/** What the caller knows of a generation that the engine does not: the target calls it made. */
export interface GenerationCalls {
  readonly targetCalls: number;
}

/** What `archiveLine` needs of a failure's scoring besides the problem and its judgement. */
interface ArchiveSeat {
  readonly generation: number;
  readonly fitness: number;
  readonly length: number;
  readonly metrics: ReturnType<typeof metrics>;
  readonly signature: string;
  readonly minimalExpr: Expr;
  readonly params: TaskParams;
  readonly taskFields: Readonly<Record<string, unknown>>;
}

/**
 * Algorithm 1 of the paper as an ask/tell engine (like pyribs' schedulers): `ask` breeds the parents
 * into a generation, validated and deduplicated against every problem ever evaluated; the caller
 * puts the problems to the target and judges the answers; `tell` scores them, offers the failures to
 * the archive (`FailureArchive`) and every decided problem to the population (`EliteArchive`), and
 * picks the next parents (`selectParents`); stagnation climbs the escalation ladder and finally stops
 * the run. The engine does no I/O; its state is `state()` plus the set of evaluated keys, which
 * together reproduce the run exactly.
 */
export class SearchEngine {
  private readonly params: EngineParams;
  private readonly deps: EngineDeps;
  private readonly evaluatedKeys: Set<string>;
  private readonly shapes: ShapeTally;
  private readonly initialSeedKeys: string[];
  private readonly failures: FailureArchive;
  private readonly population: EliteArchive<StoredProblem>;
  private readonly task: Task;
  private readonly pressure: SelectionPressure;
  /** The asked fitness of known bugs' forms, by key (recomputed alike after a resume). */
  private readonly formFitness = new Map<string, number>();
  private current: EngineState;
  private pending: GenerationAsk | undefined;
  private exhausted = false;

  constructor(params: EngineParams, deps: EngineDeps, restore?: { state: EngineState; evaluatedKeys: Iterable<string> }) {
    if (deps.initialSeeds.length === 0) throw new Error('the search needs at least one initial seed');
    this.params = params;
    this.deps = deps;
    this.task = deps.task ?? integrateTask;
    this.pressure = selectionPressure(deps.fitness, params.bugLean, params.shapeCap);
    this.initialSeedKeys = deps.initialSeeds.map((s) => this.task.key(loadProblem(s)));
    const asked = [...(restore?.evaluatedKeys ?? [])];
    this.evaluatedKeys = new Set(asked);
    this.shapes = new ShapeTally(this.pressure.shapeCap, asked);
    const initialSeeds = dedupeByKey(deps.initialSeeds, this.task);
    this.current = restore?.state ?? {
      generation: 0,
      seeds: initialSeeds,
      seedOrigins: initialSeeds.map(() => 'initial'),
      retry: [],
      stalled: 0,
      archiveCount: 0,
      archiveLengthSum: 0,
      evaluatedCount: 0,
      stopReason: null,
      signatures: {},
      variants: {},
      distinctSignatures: 0,
      bugs: [],
      population: { elites: [] },
      stagnation: CALM,
    };
    this.failures = new FailureArchive(params, failureArchiveState(this.current));
    this.population = new EliteArchive<StoredProblem>(MAX_POPULATION_CELLS, this.current.population);
  }

  state(): EngineState {
    return this.current;
  }

  hasEvaluated(key: string): boolean {
    return this.evaluatedKeys.has(key);
  }

  /** The archive line a signature belongs to, if any (a failure with it would be a variant). */
  archivedSignature(signature: string): string | undefined {
    return this.failures.lineOf(signature);
  }

  /** Why the run should not go on, or null. Raising the limits on resume can lift a stop. */
  stopReason(): StopReason | null {
    const s = this.current;
    if (s.archiveCount >= this.params.archiveSize) return 'archive-full';
    if (this.params.maxGenerations !== null && s.generation >= this.params.maxGenerations) return 'max-generations';
    if (s.seeds.length === 0 && s.retry.length === 0) return 'no-seeds';
    if (this.exhausted) return 'exhausted';
    if (hasStagnated(s.stagnation ?? CALM, this.stagnationPolicy())) return 'stagnated';
    return null;
  }

  /**
   * The next generation: the problems to retry, then the parents' children (`breedGeneration`:
   * generationSize of them spread evenly over the parents, more passes one escalation level up while
   * too few are new; under a targeting fitness, the fittest of a brood for each, `screenBroods`). An
   * ask with nothing new to put to the target marks the run `exhausted`.
   */
  async ask(): Promise<GenerationAsk> {
    if (this.pending) throw new Error('ask() called twice without tell()');
    const generation = this.current.generation + 1;
    const rng = this.generationRng(generation).fork('mutate');
    const taken = new Set<string>();
    const problems: AskedProblem[] = [];
    for (const retry of this.current.retry) {
      if (this.evaluatedKeys.has(retry.key) || taken.has(retry.key)) continue;
      taken.add(retry.key);
      problems.push({ ...retry, id: `g${generation}-r${problems.length}`, attempt: retry.attempt + 1 });
    }
    const retried = problems.length;
    const brood = broodAt(this.pressure, generation, this.params.generationSize);
    const random = this.params.seedSelection === 'random';
    const origins = this.current.seedOrigins ?? [];
    const parents = this.current.seeds.map(loadProblem);
    const bred = breedGeneration(
      {
        generation,
        parents: parents.map((p, i) => ({ expr: p.expr, ...paramsField(p.params), origin: origins[i] ?? 'pool' })),
        // Crossover draws a part from a known bug or from another parent (any structure the population kept).
        partners: [...this.failures.knownBugs().map((b) => b.problem), ...parents.map((p) => p.expr)],
        // Under `near:`, children are grafted with the given problems too: failures are wanted near them.
        ...(random ? {} : { grafts: { targets: this.deps.fitness.targets, share: this.pressure.graftShare } }),
        generationSize: this.params.generationSize,
        level: random ? 0 : (this.current.stagnation ?? CALM).level,
        topLevel: random ? 0 : TOP_LEVEL,
        // Before there is a population to breed from, `elites` starts wide, as random sampling does:
        // chains of mutations of the initial seeds, so the first cells cover more than one step.
        planAt:
          random || (generation === 1 && this.params.seedSelection === 'elites')
            ? (level) => (level === 0 ? RANDOM_SAMPLING_PLAN : escalationPlan(level))
            : escalationPlan,
        taken,
        rng,
        brood,
      },
      {
        mutate: this.deps.mutate,
        checkCandidate: this.deps.checkCandidate,
        isKnown: (key) => this.evaluatedKeys.has(key) || this.shapes.isFull(key),
        task: this.task,
      },
    );
    const children = brood > 1 ? screenBroods(bred.problems, bred.slots, await this.shapeFitness(bred.problems.map((p) => p.expr))) : bred.problems;
    problems.push(...children);
    this.exhausted = problems.length === 0 && this.current.seeds.length > 0;
    this.pending = {
      generation,
      problems,
      candidates: bred.candidates + retried,
      valid: bred.valid,
      duplicates: bred.duplicates,
      retried,
      invalidReasons: bred.invalidReasons,
      screened: bred.problems.length - children.length,
      level: bred.level,
    };
    return this.pending;
  }

  /**
   * The generation's judgements, in any order, one per asked problem; a problem left out was not
   * asked (a budget stopped the run) and is asked first in the next generation, without counting as
   * an attempt. Scores every decided problem, offers the counted failures to the archive (proven
   * ones, or all under `failures: all`; a failure whose signature is archived already is a variant
   * under `novelty: signature`), offers every decided problem to the population, and selects the
   * next parents.
   */
  async tell(evaluations: readonly Evaluation[], calls: GenerationCalls = { targetCalls: 0 }): Promise<GenerationTell> {
    const asked = this.pending;
    if (!asked) throw new Error('tell() without ask()');
    const sorted = sortEvaluations(asked, evaluations, this.params.maxRetries);
    const decided = sorted.decided;
    const embeddings = decided.length > 0 ? await this.deps.embedder.embed(decided.map((d) => d.problem.expr)) : [];
    const distinctBefore = this.failures.distinct;
    const tally = new GenerationTally();
    const archived: ArchiveRecord[] = [];
    const evaluated: EvaluatedRecord[] = [...sorted.skipped.map((s) => ({ ...s, generation: asked.generation }))];
    const pool: PoolMember[] = [];

    decided.forEach((d, i) => {
      const told = this.scoreOne(d, embeddings[i], asked.generation, tally);
      evaluated.push(told.record);
      if (told.archived) archived.push(told.archived);
      if (told.fitness >= this.params.tau)
        pool.push({ key: d.problem.key, fitness: told.fitness, embedding: embeddings[i], expr: d.problem.expr, ...paramsField(d.problem.params) });
    });

    // A brood's screened children were new too: the share measures what breeding can still find.
    const newShare = asked.valid > 0 ? (asked.problems.length + asked.screened) / asked.valid : 0;
    const stagnation = observeGeneration(
      this.current.stagnation ?? CALM,
      { newSignatures: this.failures.distinct - distinctBefore, newShare, targetCalls: calls.targetCalls },
      this.stagnationPolicy(),
    );
    if (this.pressure.bugTournament > 1) await this.scoreBugForms();
    const selection = this.selectNextParents(pool, stagnation.level, asked.generation);
    const parentCounts: Record<ParentOrigin, number> = { initial: 0, pool: 0, elite: 0, bug: 0 };
    for (const p of selection.parents) parentCounts[p.origin]++;
    const noNewProblem = decided.length === 0 && sorted.errors === 0 && sorted.unasked === 0;
    const archiveState = this.failures.state();
    this.current = {
      generation: asked.generation,
      seeds: selection.parents.map(storeProblem),
      seedOrigins: selection.parents.map((p) => p.origin),
      retry: sorted.retry,
      stalled: noNewProblem ? this.current.stalled + 1 : 0,
      archiveCount: archiveState.archiveCount,
      archiveLengthSum: archiveState.archiveLengthSum,
      evaluatedCount: this.current.evaluatedCount + decided.length,
      stopReason: null,
      signatures: archiveState.signatures,
      variants: archiveState.variants,
      distinctSignatures: archiveState.distinctSignatures,
      bugs: archiveState.bugs,
      population: this.population.state(),
      stagnation,
    };
    const stopReason = this.stopReason();
    this.current = { ...this.current, stopReason };
    this.pending = undefined;
    const qd = this.population.stats();
    return {
      generation: asked.generation,
      archived,
      evaluated,
      evaluatedCount: decided.length,
      failures: tally.failures,
      undecided: tally.undecided,
      errors: sorted.errors,
      skipped: sorted.skipped.length,
      meetingTau: tally.meetingTau,
      meanLength: decided.length > 0 ? tally.lengthSum / decided.length : null,
      kinds: tally.kinds,
      proven: tally.proven,
      provenKinds: tally.provenKinds,
      proofs: tally.proofs,
      variants: tally.variants,
      unasked: sorted.unasked,
      seeds: selection.parents.length,
      clusters: selection.clusters,
      stopReason,
      population: { cells: qd.cells, qdScore: qd.qdScore, newCells: tally.newCells, improvedCells: tally.improvedCells },
      stagnation,
      parents: parentCounts,
    };
  }

  /** The next generation's parents, from this generation's pool, the population and the known bugs. */
  private selectNextParents(pool: PoolMember[], level: number, generation: number): ReturnType<typeof selectParents> {
    return selectParents(
      {
        method: this.params.seedSelection,
        seedSize: this.params.seedSize,
        clusters: this.params.clusters,
        pool,
        elites: this.population,
        bugs: this.failures.knownBugs(),
        initialSeeds: this.deps.initialSeeds,
        keepInitialSeeds: this.params.keepInitialSeeds,
        plan: escalationPlan(level),
        level,
        key: this.task.key,
        pressure: this.pressure,
        formFitness: (form) => this.formFitness.get(this.task.key(form)) ?? 0,
      },
      this.generationRng(generation).fork('select'),
    );
  }

  /** The asked fitness, as if it failed, of every known bug's form not scored yet. */
  private async scoreBugForms(): Promise<void> {
    const forms = new Map<string, Expr>();
    for (const bug of this.failures.knownBugs())
      for (const expr of [bug.minimal, bug.problem]) {
        const key = this.task.key({ expr, params: bug.params ?? {} });
        if (!this.formFitness.has(key)) forms.set(key, expr);
      }
    if (forms.size === 0) return;
    const scores = await this.shapeFitness([...forms.values()]);
    [...forms.keys()].forEach((key, i) => this.formFitness.set(key, scores[i]));
  }

  /** The fitness each tree would have if it failed: what the asked fitness thinks of its shape alone. */
  private async shapeFitness(exprs: readonly Expr[]): Promise<number[]> {
    if (exprs.length === 0) return [];
    const embeddings = await this.deps.embedder.embed(exprs);
    return exprs.map((expr, i) => finiteOrZero(this.deps.fitness.score({ metrics: metrics(expr), expr, embedding: embeddings[i], failed: true })));
  }

  /** Drop a generation that was asked but will not be told (the run was interrupted). */
  abandon(): void {
    this.pending = undefined;
    this.exhausted = false;
  }

  /** Keys of the initial seeds (for config.json). */
  initialKeys(): readonly string[] {
    return this.initialSeedKeys;
  }

  /**
   * One decided problem: its fitness, what the archive and the population did with it, and its
   * evaluated.jsonl line (and archive line, when it took a seat).
   */
  private scoreOne(d: DecidedProblem, embedding: Float64Array | undefined, generation: number, tally: GenerationTally): ScoredProblem {
    const p = this.params;
    const { problem, judgement, minimal } = d;
    const m = metrics(problem.expr);
    const length = lengthOf(m, p.lengthMeasure);
    tally.countDecided(judgement, length);
    this.evaluatedKeys.add(problem.key);
    this.shapes.add(problem.key);
    const counted = judgement.status === 'fail' && (p.failures === 'all' || judgement.proof !== null);
    const minimalExpr = counted && minimal ? minimal.expr : problem.expr;
    // A shrink moves on the tree and keeps the parameters: the minimal form has the problem's.
    const params = problem.params ?? {};
    const signOf = (tree: Expr): string => this.task.signature({ expr: tree, params }, this.deps.signature);
    const signature = judgement.status === 'fail' ? signOf(minimalExpr) : undefined;
    const context = { metrics: m, expr: problem.expr, embedding };
    // The fitness of the problem's shape alone (as if it failed): its worth as a stepping stone.
    const shapeFitness = finiteOrZero(this.deps.fitness.score({ ...context, failed: true }));
    let fitness = counted ? shapeFitness : finiteOrZero(this.deps.fitness.score({ ...context, failed: false }));
    let variantOf: string | undefined;
    let seat = false;
    if (counted) {
      // The problem's own shape: its signature when it was not shrunk, computed once.
      const shape = minimalExpr === problem.expr ? signature! : signOf(problem.expr);
      const admission = this.failures.add({
        id: problem.id,
        signature: signature!,
        shape,
        fitness,
        length,
        problem: problem.expr,
        minimal: minimalExpr,
        ...paramsField(problem.params),
      });
      fitness = admission.fitness;
      if (admission.status === 'variant') {
        variantOf = admission.variantOf;
        tally.variants++;
      } else if (admission.status !== 'below-tau') tally.meetingTau++;
      seat = admission.status === 'new';
    }
    const outcome = outcomeOf(judgement, counted);
    // A variant's worth is its divided fitness; any other problem's is its shape's.
    const objective = (counted ? fitness : shapeFitness) * OUTCOME_WEIGHT[outcome];
    tally.countPopulation(
      this.population.add({
        key: problem.key,
        descriptor: describeProblem(problem.expr, outcome),
        objective: finiteOrZero(objective),
        generation,
        value: storeProblem(problem),
      }).status,
    );
    // A task's name and parameters follow the problem on its lines; integrate's lines have none. A
    // problem with parameters (A, B …) says what is assumed of them, real and positive.
    const assumptions = problemAssumptions({ expr: problem.expr, params });
    const taskFields = { ...this.task.lineFields(params), ...(Object.keys(assumptions).length > 0 ? { parameters: assumptions } : {}) };
    const record: EvaluatedRecord = {
      key: problem.key,
      generation,
      status: judgement.status,
      fitness,
      problem: problem.infix,
      ...taskFields,
      ...(judgement.status === 'fail' ? { kind: judgement.kind, proof: judgement.proof, signature } : {}),
      ...(judgement.status === 'undecided' ? { reason: judgement.reason } : {}),
      ...(judgement.status === 'fail' && judgement.proof === null ? { reason: judgement.unproven ?? 'unproven' } : {}),
      ...(variantOf !== undefined ? { variant_of: variantOf } : {}),
    };
    if (!seat || judgement.status !== 'fail') return { record, fitness };
    const archived = this.archiveLine(d, { generation, fitness, length, metrics: m, signature: signature!, minimalExpr, params, taskFields });
    return { record, fitness, archived };
  }

  /** The archive.jsonl line of a failure that took a seat: the problem, its proof and its minimal form. */
  private archiveLine(d: DecidedProblem, seat: ArchiveSeat): ArchiveRecord {
    const p = this.params;
    const { problem, judgement, minimal } = d;
    const { generation, fitness, length, metrics: m, signature, minimalExpr, params, taskFields } = seat;
    if (judgement.status !== 'fail') throw new Error('only a failure is archived');
    const minimalJudgement = minimal && minimal.judgement.status === 'fail' ? minimal.judgement : judgement;
    return {
      id: problem.id,
      problem: problem.infix,
      ...taskFields,
      latex: problem.latex,
      key: problem.key,
      generation,
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
      signature,
      minimal: {
        problem: this.task.problemText({ expr: minimalExpr, params }, 'infix'),
        answers: minimalJudgement.answers,
        proof: minimalJudgement.proof,
        nodes: metrics(minimalExpr).nodes,
      },
      variants: 0,
      ...(minimal
        ? {
            shrink: {
              calls: minimal.calls,
              probes: minimal.probes,
              steps: minimal.steps,
              stopped: minimal.stopped,
              ...(minimal.refused !== undefined ? { refused: minimal.refused } : {}),
            },
          }
        : {}),
    };
  }

  private stagnationPolicy(): StagnationPolicy {
    return { patience: this.params.patience, topLevel: this.params.seedSelection === 'random' ? 0 : TOP_LEVEL };
  }

  private generationRng(generation: number): Rng {
    // A fresh stream per generation: a resumed run needs no generator state to repeat generation g.
    return this.deps.rng.fork(`generation-${generation}`);
  }
}

interface DecidedProblem {
  readonly problem: AskedProblem;
  readonly judgement: Exclude<Judgement, { status: 'error' }>;
  readonly minimal?: Evaluation['minimal'];
}

interface ScoredProblem {
  readonly record: EvaluatedRecord;
  readonly fitness: number;
  readonly archived?: ArchiveRecord;
}

/**
 * The asked problems sorted by what became of them: decided, to retry (lost in transport, or not
 * asked because a budget stopped the run), or skipped after too many transport failures.
 */
function sortEvaluations(asked: GenerationAsk, evaluations: readonly Evaluation[], maxRetries: number) {
  const judged = new Map<string, Evaluation>();
  for (const e of evaluations) judged.set(e.problem.id, e);
  const decided: DecidedProblem[] = [];
  const retry: AskedProblem[] = [];
  const skipped: Array<Omit<EvaluatedRecord, 'generation'>> = [];
  let errors = 0;
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
      if (problem.attempt < maxRetries) retry.push(problem);
      else skipped.push({ key: problem.key, status: 'skipped', fitness: null, problem: problem.infix, reason: judgement.reason });
      continue;
    }
    decided.push({ problem, judgement, minimal: evaluation.minimal });
  }
  return { decided, retry, skipped, errors, unasked };
}

/** The counts a generation's line reports, gathered as its problems are scored. */
class GenerationTally {
  failures = 0;
  proven = 0;
  variants = 0;
  undecided = 0;
  meetingTau = 0;
  lengthSum = 0;
  newCells = 0;
  improvedCells = 0;
  readonly kinds: Record<FailureKind, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
  readonly provenKinds: Record<FailureKind, number> = { wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 };
  readonly proofs: Record<Proof['by'], number> = { verifier: 0, reference: 0 };

  countDecided(judgement: DecidedProblem['judgement'], length: number): void {
    this.lengthSum += length;
    if (judgement.status === 'undecided') this.undecided++;
    if (judgement.status !== 'fail') return;
    this.failures++;
    this.kinds[judgement.kind]++;
    if (judgement.proof === null) return;
    this.proven++;
    this.provenKinds[judgement.kind]++;
    this.proofs[judgement.proof.by]++;
  }

  countPopulation(status: 'new' | 'improved' | 'not-added'): void {
    if (status === 'new') this.newCells++;
    else if (status === 'improved') this.improvedCells++;
  }
}

function outcomeOf(judgement: DecidedProblem['judgement'], counted: boolean): ProblemOutcome {
  if (judgement.status === 'pass') return 'pass';
  if (judgement.status === 'undecided') return 'undecided';
  if (!counted) return 'unproven';
  return judgement.kind === 'wrong' ? 'wrong' : 'declined';
}

function failureArchiveState(s: EngineState): FailureArchiveState {
  return {
    archiveCount: s.archiveCount,
    archiveLengthSum: s.archiveLengthSum,
    signatures: s.signatures ?? {},
    variants: s.variants ?? {},
    distinctSignatures: s.distinctSignatures ?? 0,
    bugs: s.bugs ?? [],
  };
}

function finiteOrZero(v: number): number {
  return Number.isFinite(v) && v > 0 ? v : 0;
}

function lengthOf(m: ExprMetrics, measure: LengthMeasure): number {
  return m[measure];
}

function dedupeByKey(seeds: readonly StoredProblem[], task: Task): StoredProblem[] {
  const seen = new Set<string>();
  const out: StoredProblem[] = [];
  for (const s of seeds) {
    const key = task.key(loadProblem(s));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}
