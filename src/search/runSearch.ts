import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import type { Expr } from '../expr/types.js';
import { parseExpr } from '../expr/parse.js';
import type { CanaryCheck } from '../targets/checkCanaries.js';
import type { Target } from '../targets/types.js';
import type { Rng } from '../util/rng.js';
import { createLimiter } from '../util/limiter.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import type { ProgressReporter, SearchSummary } from './progressReporter.js';
import { RunFiles } from '../run/runFiles.js';
import { runRedactor } from '../util/redactSecrets.js';
import type { Checkpoint, GenerationRecord, RunConfig, RunTotals, SearchSettings, StopReason } from '../run/runSchema.js';
import { SearchEngine, type EngineParams, type EngineState } from './searchEngine.js';
import { AnswerJournal } from './answerJournal.js';
import { evaluateGeneration, type Shrinker } from './evaluateGeneration.js';
import { SpendingBudget, type Spent } from './spendingBudget.js';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { parametricVerifier } from '../tasks/parametricVerifier.js';
import { problemAssumptions } from '../tasks/problemAssumptions.js';
import type { StoredProblem } from '../tasks/storedProblem.js';
import type { Task } from '../tasks/task.js';

export interface RunSearchConfig {
  readonly settings: SearchSettings;
  readonly outDir: string;
  /**
   * Continue the run in outDir from its checkpoint. The caller has checked that the settings
   * match the run's config.json. When false, outDir must not hold a run yet.
   */
  readonly resume: boolean;
  /** What config.json holds for a new run (ignored on resume, where it already exists). */
  readonly configRecord: RunConfig;
  /** What the session spent before the run started (its canary check): counted against the budgets at once. */
  readonly startup?: Spent;
}

export interface RunSearchDeps {
  readonly target: Target;
  /** The check of an antiderivative (`verifyPair` of src/verify): the integrate task's verifier, and any task's that uses one. */
  readonly verify: VerifyPair;
  /** The task searched (default integrate): its problems, mutations, constraint, verifier and lines. */
  readonly task?: Task;
  readonly embedder: Embedder;
  readonly fitness: Fitness;
  /** One mutation (mutation config bound). */
  readonly mutate: (tree: Expr, rng: Rng) => Expr;
  /** Candidate check (limits bound). */
  readonly checkCandidate: (e: Expr) => CandidateCheck;
  /** The task's problems to start from (a bare tree: a problem without parameters). */
  readonly initialSeeds: readonly StoredProblem[];
  /** Root generator, created from settings.rngSeed. */
  readonly rng: Rng;
  readonly progress: ProgressReporter;
  /** Aborting stops the run after the current write; the run can then be resumed. */
  readonly signal?: AbortSignal;
  /** The number-erased canonical form of a problem (src/expr/signature.ts). */
  readonly signature: (e: Expr) => string;
  /** Targets that may prove a failure without a verified-wrong answer (settings.reference, created). */
  readonly references?: readonly Target[];
  /** Shrinks proven failures (src/shrink); absent, or settings.shrinkCalls 0: none are shrunk. */
  readonly shrink?: Shrinker;
  /** The canary check, verifier bound; absent: the target is not re-checked during the run. */
  readonly checkHealth?: (target: Target) => Promise<CanaryCheck>;
  /** Target calls one health check makes. */
  readonly healthCalls?: number;
}

/**
 * Drive the SAGGA engine against a target until the archive is full, the generation limit or a
 * budget is reached, no seed is left, or the signal aborts. Each generation: ask → the continuous
 * pipeline of `evaluateGeneration` (target, journal, Fail@k, proof, shrinking) → tell → commit
 * (archive, evaluated and generations lines, then the checkpoint). Killed at any point and resumed,
 * the run ends with the same archive as an uninterrupted one, given a deterministic target.
 */
export async function runSearch(config: RunSearchConfig, deps: RunSearchDeps): Promise<SearchSummary> {
  const { settings } = config;
  const task = deps.task ?? integrateTask;
  // A problem with parameters (a symbolic perturbation's A, B …) is verified over instantiations of them, real and positive.
  const verify = parametricVerifier(task.verifier(deps.verify), (problem) => problemAssumptions(problem));
  // Every line written passes through one redaction: the API key, secret arguments of a cmd: command line.
  const files = new RunFiles<EngineState>(config.outDir, { redact: runRedactor(settings.target) });
  if (!config.resume && files.hasRun()) {
    throw new Error(`${config.outDir} already holds a run; resume it with --resume ${config.outDir}, or choose another --out`);
  }
  if (config.resume && files.readConfig() === null) throw new Error(`${config.outDir} holds no run to resume (no config.json)`);
  if (!config.resume) files.writeConfig(config.configRecord);

  // An `archive shrink` stopped while it replaced the archive has its checkpoint offset moved first.
  if (config.resume) files.finishArchiveRewrite();
  const checkpoint = config.resume ? files.readCheckpoint() : null;
  const survivors = files.reconcile(checkpoint);
  const evaluatedKeys = survivors.evaluated.filter((r) => r.status !== 'skipped').map((r) => r.key);
  if (checkpoint && survivors.archiveLines !== checkpoint.engine.archiveCount) {
    throw new Error(`${files.path('archive')} has ${survivors.archiveLines} lines but the checkpoint records ${checkpoint.engine.archiveCount}; cannot resume safely`);
  }

  const params: EngineParams = {
    seedSize: settings.seedSize,
    generationSize: settings.generationSize,
    clusters: settings.clusters,
    tau: settings.tau,
    archiveSize: settings.archiveSize,
    maxGenerations: settings.maxGenerations,
    seedSelection: settings.seedSelection,
    keepInitialSeeds: settings.keepInitialSeeds,
    maxRetries: settings.maxRetries,
    lengthMeasure: settings.lengthMeasure,
    targetName: deps.target.name,
    failures: settings.failures ?? 'all',
    novelty: settings.novelty ?? 'exact',
    patience: settings.patience ?? 0,
  };
  const engine = new SearchEngine(
    params,
    { mutate: deps.mutate, checkCandidate: deps.checkCandidate, embedder: deps.embedder, fitness: deps.fitness, rng: deps.rng, initialSeeds: deps.initialSeeds, signature: deps.signature, task },
    checkpoint ? { state: checkpoint.engine, evaluatedKeys } : undefined,
  );
  let totals: RunTotals = files.readTotals();
  if (config.startup !== undefined && config.startup.calls > 0) {
    totals = addStartup(totals, config.startup);
    files.writeTotals(totals);
  }
  let lastCheckpoint: Checkpoint<EngineState> | null = checkpoint;
  const resumedAfter = checkpoint ? checkpoint.engine.generation : config.resume ? 0 : null;
  const progress = deps.progress;
  progress.runStart({ outDir: config.outDir, resumedAfter, archiveSize: engine.state().archiveCount, archiveTarget: settings.archiveSize });

  const spentBefore = totals;
  const budget = new SpendingBudget(
    {
      maxTargetCalls: settings.maxTargetCalls ?? null,
      maxTokensTotal: settings.maxTokensTotal ?? null,
      maxCost: settings.maxCost ?? null,
    },
    { calls: spentBefore?.target_calls ?? 0, input: spentBefore?.tokens?.input ?? 0, output: spentBefore?.tokens?.output ?? 0, cost: spentBefore?.cost ?? 0 },
  );
  // A target that prices its answers reports a cost (null without prices).
  const priced = (deps.target.stats().cost ?? null) !== null;
  // A Batch API target sends what it is given together as one job: give it the whole generation at once.
  const batching = deps.target.describe().batch === true;
  const slots = createLimiter(Math.max(1, batching ? Math.max(settings.concurrency, settings.generationSize * 2) : settings.concurrency));
  const journal = new AnswerJournal(
    survivors.journal,
    checkpoint?.engine.generation ?? 0,
    (entries, durable) => files.appendJournal(entries, durable),
    () => files.syncJournal(),
  );

  // The verifier loads its special functions on first use: load them now, not while answers wait.
  try {
    await deps.verify(WARM_UP.problem, WARM_UP.answer);
  } catch {
    // A verifier that fails here fails on the answers too, where its failure is judged.
  }

  let stop: StopReason | null = engine.stopReason() ?? (budget.allowsCall() ? null : 'budget');
  let budgetName = budget.exhaustedBy();
  // Generations in a row whose every problem was lost to a transport error, the last such error, and
  // (once the run stops as target-broken) what the target has to say about it.
  let lostGenerations = 0;
  let lastError = '';
  let targetTrouble: string | undefined;
  try {
    while (stop === null) {
      // Once per generation, even when the target fails without waiting for anything (a program
      // given up answers every request at once): signals, timers and I/O get their turn.
      await yieldToEventLoop();
      if (deps.signal?.aborted) {
        stop = 'interrupted';
        break;
      }
      const wallStart = performance.now();
      let t = performance.now();
      const asked = engine.ask();
      let engineSeconds = seconds(t);
      if (engine.stopReason() === 'exhausted') {
        // Nothing new to ask at any escalation level: a generation that asks nothing is never run.
        engine.abandon();
        stop = 'exhausted';
        break;
      }
      const archiveBefore = engine.state().archiveCount;
      progress.generationStart({ generation: asked.generation, asked: asked.problems.length, archiveSize: archiveBefore, archiveTarget: settings.archiveSize });

      const spentAtStart = budget.spent();
      t = performance.now();
      const outcome = await evaluateGeneration(asked, {
        target: deps.target,
        references: deps.references ?? [],
        verify,
        task,
        k: settings.k,
        slots,
        journal,
        budget,
        signature: deps.signature,
        archived: (signature) => engine.archivedSignature(signature) !== undefined,
        shrink: deps.shrink,
        shrinkCalls: settings.shrinkCalls ?? 0,
        rng: deps.rng,
        checkHealth: deps.checkHealth,
        healthCalls: deps.healthCalls ?? 0,
        signal: deps.signal,
        onJudged: (done, failures) =>
          progress.progress({ generation: asked.generation, done, total: asked.problems.length, failures, archiveSize: Math.min(settings.archiveSize, archiveBefore + failures) }),
      });
      const targetSeconds = Math.max(0, seconds(t) - outcome.verifySeconds);
      journal.flush();
      if (outcome.stopped === 'interrupted' || deps.signal?.aborted) {
        engine.abandon();
        stop = 'interrupted';
        break;
      }

      t = performance.now();
      const calls = outcome.calls;
      const targetCalls = calls.problems + calls.references + calls.shrinking + calls.health;
      const told = await engine.tell(outcome.evaluations, { targetCalls });
      const archived = told.archived;
      const spent = budget.spent();
      const generationRow: GenerationRecord = {
        generation: told.generation,
        candidates: asked.candidates,
        valid: asked.valid,
        duplicates: asked.duplicates,
        asked: asked.problems.length - told.unasked,
        evaluated: told.evaluatedCount,
        failures: told.failures,
        undecided: told.undecided,
        errors: told.errors,
        skipped: told.skipped,
        meeting_tau: told.meetingTau,
        novel: archived.length,
        archive_size: engine.state().archiveCount,
        mean_length: roundOrNull(told.meanLength),
        archived_mean_length: archived.length > 0 ? round(archived.reduce((s, a) => s + a.length, 0) / archived.length) : null,
        mean_fitness_archived: archived.length > 0 ? round(archived.reduce((s, a) => s + a.fitness, 0) / archived.length) : null,
        kinds: told.kinds,
        proven: told.proven,
        unproven: told.failures - told.proven,
        proven_kinds: told.provenKinds,
        proofs: told.proofs,
        variants: told.variants,
        signatures: engine.state().distinctSignatures ?? 0,
        target_calls: targetCalls,
        calls,
        invalid_reasons: asked.invalidReasons,
        seeds: told.seeds,
        clusters: told.clusters,
        parents: told.parents,
        population: { cells: told.population.cells, qd_score: round(told.population.qdScore), new_cells: told.population.newCells, improved_cells: told.population.improvedCells },
        escalation: { drawn_at: asked.level, level: told.stagnation.level, stale_generations: told.stagnation.staleGenerations, stale_calls: told.stagnation.staleCalls },
        seconds: { target: round(targetSeconds), verify: round(outcome.verifySeconds), engine: 0 },
        tokens: { input: spent.input - spentAtStart.input, output: spent.output - spentAtStart.output },
        cost: priced ? round6(spent.cost - spentAtStart.cost) : null,
      };
      engineSeconds += seconds(t);
      const row: GenerationRecord = { ...generationRow, seconds: { ...generationRow.seconds, engine: round(engineSeconds) } };
      totals = addTotals(totals, asked.candidates, row, seconds(wallStart), spent);
      lastCheckpoint = files.commit({ archive: archived, evaluated: told.evaluated, generation: row }, { engine: engine.state(), rngState: deps.rng.state(), totals }, journal.carried());
      journal.clear();
      progress.generationEnd(row);
      stop = told.stopReason;
      if (outcome.stopped === 'budget') {
        stop = 'budget';
        budgetName = budget.exhaustedBy();
      }
      if (outcome.stopped === 'target-broken') {
        stop = 'target-broken';
        targetTrouble = runRedactor(settings.target)(outcome.trouble ?? 'the target failed its health check twice in a row');
        break;
      }

      const lost = outcome.evaluations.filter((e) => e.judgement.status === 'error');
      lostGenerations = outcome.evaluations.length > 0 && lost.length === outcome.evaluations.length ? lostGenerations + 1 : 0;
      if (lost.length > 0) lastError = lost[lost.length - 1].judgement.reason;
      const gaveUp = deps.target.gaveUp?.();
      if (stop === null && (gaveUp !== undefined || lostGenerations >= LOST_GENERATIONS_LIMIT)) {
        stop = 'target-broken';
        targetTrouble = runRedactor(settings.target)(await describeTrouble(deps.target, gaveUp, lostGenerations, lastError));
      }
    }
  } finally {
    try {
      journal.flush();
    } finally {
      files.close();
    }
  }

  const state = engine.state();
  const summary: SearchSummary = {
    outDir: config.outDir,
    stopReason: stop,
    generations: state.generation,
    archiveSize: state.archiveCount,
    archiveTarget: settings.archiveSize,
    archiveMeanLength: state.archiveCount > 0 ? roundOrNull(state.archiveLengthSum / state.archiveCount) : null,
    resumedAfter,
    totals,
    signatures: state.distinctSignatures ?? 0,
    stale: { generations: state.stagnation?.staleGenerations ?? 0, calls: state.stagnation?.staleCalls ?? 0 },
    ...(targetTrouble !== undefined ? { targetTrouble } : {}),
    ...(stop === 'budget' && budgetName !== null ? { budget: budgetName } : {}),
  };
  // A stop decided on resume (say, the archive was already full) is recorded too.
  if (lastCheckpoint && stop !== 'interrupted' && lastCheckpoint.engine.stopReason !== stop) {
    files.rewriteCheckpoint({ ...lastCheckpoint, totals, engine: { ...lastCheckpoint.engine, stopReason: stop } });
  }
  progress.runEnd(summary);
  return summary;
}

const WARM_UP = { problem: parseExpr('x*exp(x) + erf(x)'), answer: parseExpr('(x - 1)*exp(x) + x*erf(x) + exp(-x^2)/sqrt(pi)') };

/**
 * Generations in a row with nothing but transport errors after which a run stops as `target-broken`.
 * Two, not one: a single bad generation can be an endpoint's brief outage (its problems are asked
 * again); two in a row, each after the target's own retries, is a target that does not work. A
 * target that has given up for good (`Target.gaveUp`) stops the run after the generation at once.
 */
export const LOST_GENERATIONS_LIMIT = 2;

/** What a `target-broken` stop reports: why the target gave up, or its last error and own diagnosis. */
async function describeTrouble(target: Target, gaveUp: string | undefined, lostGenerations: number, lastError: string): Promise<string> {
  if (gaveUp !== undefined) return gaveUp;
  const notes = [`${lostGenerations} generations in a row came back with nothing but transport errors; the last: ${lastError}`];
  const diagnosis = await target.diagnose?.().catch(() => undefined);
  if (diagnosis !== undefined && diagnosis !== '') notes.push(diagnosis);
  return notes.join('. ');
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

function roundOrNull(v: number | null): number | null {
  return v === null ? null : round(v);
}

function addTotals(t: RunTotals, candidates: number, row: GenerationRecord, wall: number, spent: Spent): RunTotals {
  return {
    candidates: t.candidates + candidates,
    asked: t.asked + row.asked,
    evaluated: t.evaluated + row.evaluated,
    failures: t.failures + row.failures,
    errors: t.errors + row.errors,
    seconds: {
      target: t.seconds.target + row.seconds.target,
      verify: t.seconds.verify + row.seconds.verify,
      engine: t.seconds.engine + row.seconds.engine,
      wall: t.seconds.wall + wall,
    },
    target_calls: spent.calls,
    ...(t.startup_calls !== undefined ? { startup_calls: t.startup_calls } : {}),
    proven: (t.proven ?? 0) + row.proven,
    tokens: { input: spent.input, output: spent.output },
    cost: round6(spent.cost),
  };
}

/** The start-up calls (canaries) of a session added to the totals: counted like any call, in no generation. */
function addStartup(t: RunTotals, startup: Spent): RunTotals {
  return {
    ...t,
    target_calls: (t.target_calls ?? 0) + startup.calls,
    startup_calls: (t.startup_calls ?? 0) + startup.calls,
    tokens: { input: (t.tokens?.input ?? 0) + startup.input, output: (t.tokens?.output ?? 0) + startup.output },
    cost: round6((t.cost ?? 0) + startup.cost),
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
