import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import { parseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import { runBugLean } from '../population/bugLean.js';
import { RunFiles, type RunSurvivors } from '../run/runFiles.js';
import type { Checkpoint, RunConfig, RunTotals, SearchSettings, StopReason } from '../run/runSchema.js';
import type { CanaryCheck } from '../targets/checkCanaries.js';
import type { Target } from '../targets/types.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { parametricVerifier } from '../tasks/parametricVerifier.js';
import { problemAssumptions } from '../tasks/problemAssumptions.js';
import type { StoredProblem } from '../tasks/storedProblem.js';
import type { Task } from '../tasks/task.js';
import { createLimiter } from '../util/limiter.js';
import { type Redact, runRedactor } from '../util/redactSecrets.js';
import type { Rng } from '../util/rng.js';
import { addStartupTotals } from './addStartupTotals.js';
import { AnswerJournal } from './answerJournal.js';
import type { GenerationContext, Shrinker } from './evaluateGeneration.js';
import { LostGenerations } from './lostGenerations.js';
import type { ProgressReporter, SearchSummary } from './progressReporter.js';
import { round4OrNull } from './roundFigures.js';
import { type OpenedRun, runOneGeneration } from './runOneGeneration.js';
import { type EngineParams, type EngineState, SearchEngine } from './searchEngine.js';
import { runCountSetting } from './runCountSetting.js';
import { runSpendingBudget } from './runSpendingBudget.js';
import type { BudgetName, SpendingBudget, Spent } from './spendingBudget.js';

export interface GenerationsConfig {
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

export interface GenerationsDeps {
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
 * budget is reached, no seed is left, or the signal aborts. Each generation (`runOneGeneration`):
 * ask → the continuous pipeline of `evaluateGeneration` (target, journal, Fail@k, proof, shrinking)
 * → tell → commit (archive, evaluated and generations lines, then the checkpoint). Killed at any
 * point and resumed, the run ends with the same archive as an uninterrupted one, given a
 * deterministic target.
 */
export async function runGenerations(config: GenerationsConfig, deps: GenerationsDeps): Promise<SearchSummary> {
  const { settings } = config;
  const task = deps.task ?? integrateTask;
  // Every line written passes through one redaction: the API key, secret arguments of a cmd: command line.
  const redact = runRedactor(settings.target);
  const files = new RunFiles<EngineState>(config.outDir, { redact });
  const { checkpoint, survivors } = openRun(config, files);
  const evaluatedKeys = survivors.evaluated.filter((r) => r.status !== 'skipped').map((r) => r.key);
  const engine = new SearchEngine(
    engineParams(settings, deps.target.name),
    {
      mutate: deps.mutate,
      checkCandidate: deps.checkCandidate,
      embedder: deps.embedder,
      fitness: deps.fitness,
      rng: deps.rng,
      initialSeeds: deps.initialSeeds,
      signature: deps.signature,
      task,
    },
    checkpoint ? { state: checkpoint.engine, evaluatedKeys } : undefined,
  );
  let totals: RunTotals = files.readTotals();
  if (config.startup !== undefined && config.startup.calls > 0) {
    totals = addStartupTotals(totals, config.startup);
    files.writeTotals(totals);
  }
  const resumedAfter = checkpoint ? checkpoint.engine.generation : config.resume ? 0 : null;
  deps.progress.runStart({ outDir: config.outDir, resumedAfter, archiveSize: engine.state().archiveCount, archiveTarget: settings.archiveSize });

  const budget = runSpendingBudget(settings, totals);
  const journal = new AnswerJournal(
    survivors.journal,
    checkpoint?.engine.generation ?? 0,
    (entries, durable) => files.appendJournal(entries, durable),
    () => files.syncJournal(),
  );
  await warmUpVerifier(deps.verify);

  const run: OpenedRun = {
    engine,
    files,
    journal,
    budget,
    evaluation: generationContext(settings, deps, task, journal, budget),
    progress: deps.progress,
    archiveTarget: settings.archiveSize,
    // A target that prices its answers reports a cost (null without prices).
    priced: (deps.target.stats().cost ?? null) !== null,
  };
  const ended = await runUntilStopped(run, deps.target, redact, totals);
  const state = engine.state();
  const summary: SearchSummary = {
    outDir: config.outDir,
    stopReason: ended.stop,
    generations: state.generation,
    archiveSize: state.archiveCount,
    archiveTarget: settings.archiveSize,
    archiveMeanLength: state.archiveCount > 0 ? round4OrNull(state.archiveLengthSum / state.archiveCount) : null,
    resumedAfter,
    totals: ended.totals,
    signatures: state.distinctSignatures ?? 0,
    stale: { generations: state.stagnation?.staleGenerations ?? 0, calls: state.stagnation?.staleCalls ?? 0 },
    ...(ended.targetTrouble !== undefined ? { targetTrouble: ended.targetTrouble } : {}),
    ...(ended.stop === 'budget' && ended.budgetName !== null ? { budget: ended.budgetName } : {}),
  };
  // A stop decided on resume (say, the archive was already full) is recorded too.
  const lastCheckpoint = ended.checkpoint ?? checkpoint;
  if (lastCheckpoint && ended.stop !== 'interrupted' && lastCheckpoint.engine.stopReason !== ended.stop) {
    files.rewriteCheckpoint({ ...lastCheckpoint, totals: ended.totals, engine: { ...lastCheckpoint.engine, stopReason: ended.stop } });
  }
  deps.progress.runEnd(summary);
  return summary;
}

/**
 * The run directory checked and read for the generations: a new run's config.json written, or a
 * resumed run's checkpoint read and the lines written after it cut back (`RunFiles.reconcile`).
 */
function openRun(config: GenerationsConfig, files: RunFiles<EngineState>): { checkpoint: Checkpoint<EngineState> | null; survivors: RunSurvivors } {
  if (!config.resume && files.hasRun()) {
    throw new Error(`${config.outDir} already holds a run; resume it with --resume ${config.outDir}, or choose another --out`);
  }
  if (config.resume && files.readConfig() === null) throw new Error(`${config.outDir} holds no run to resume (no config.json)`);
  if (!config.resume) files.writeConfig(config.configRecord);

  // An `archive shrink` stopped while it replaced the archive has its checkpoint offset moved first.
  if (config.resume) files.finishArchiveRewrite();
  const checkpoint = config.resume ? files.readCheckpoint() : null;
  const survivors = files.reconcile(checkpoint);
  if (checkpoint && survivors.archiveLines !== checkpoint.engine.archiveCount) {
    throw new Error(
      `${files.path('archive')} has ${survivors.archiveLines} lines but the checkpoint records ${checkpoint.engine.archiveCount}; cannot resume safely`,
    );
  }
  return { checkpoint, survivors };
}

function engineParams(settings: SearchSettings, targetName: string): EngineParams {
  return {
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
    targetName,
    failures: settings.failures ?? 'all',
    novelty: settings.novelty ?? 'exact',
    patience: runCountSetting(settings, 'patience'),
    bugLean: runBugLean(settings),
    shapeCap: runCountSetting(settings, 'shapeCap'),
  };
}

/** What every generation's `evaluateGeneration` is given: the target, the task's verifier over the problems' parameters, the call slots … */
function generationContext(
  settings: SearchSettings,
  deps: GenerationsDeps,
  task: Task,
  journal: AnswerJournal,
  budget: SpendingBudget,
): Omit<GenerationContext, 'archived' | 'onJudged'> {
  // A Batch API target sends what it is given together as one job: give it the whole generation at once.
  const batching = deps.target.batched === true;
  return {
    target: deps.target,
    references: deps.references ?? [],
    // A problem with parameters (a symbolic perturbation's A, B …) is verified over instantiations of them, real and positive.
    verify: parametricVerifier(task.verifier(deps.verify), (problem) => problemAssumptions(problem)),
    task,
    k: settings.k,
    slots: createLimiter(Math.max(1, batching ? Math.max(settings.concurrency, settings.generationSize * 2) : settings.concurrency)),
    journal,
    budget,
    signature: deps.signature,
    shrink: deps.shrink,
    shrinkCalls: runCountSetting(settings, 'shrinkCalls'),
    shrinkCallsPerNode: runCountSetting(settings, 'shrinkCallsPerNode'),
    rng: deps.rng,
    checkHealth: deps.checkHealth,
    healthCalls: deps.healthCalls ?? 0,
    signal: deps.signal,
  };
}

/** The verifier loads its special functions on first use: load them now, not while answers wait. */
async function warmUpVerifier(verify: VerifyPair): Promise<void> {
  try {
    await verify(WARM_UP.problem, WARM_UP.answer);
  } catch {
    // A verifier that fails here fails on the answers too, where its failure is judged.
  }
}

const WARM_UP = { problem: parseExpr('x*exp(x) + erf(x)'), answer: parseExpr('(x - 1)*exp(x) + x*erf(x) + exp(-x^2)/sqrt(pi)') };

/** How the generations ended: why, with the run's totals and last checkpoint (null: no generation committed in this session). */
interface GenerationsEnd {
  readonly stop: StopReason;
  readonly totals: RunTotals;
  readonly checkpoint: Checkpoint<EngineState> | null;
  /** Which budget stopped the run, when one did. */
  readonly budgetName: BudgetName | null;
  /** What the target has to say about a `target-broken` stop, redacted. */
  readonly targetTrouble?: string;
}

/**
 * One generation after another until one of them, the engine, a budget or the target stops the
 * run, or the signal aborts it. The journal is flushed and the files closed however it ends.
 */
async function runUntilStopped(run: OpenedRun, target: Target, redact: Redact, totalsBefore: RunTotals): Promise<GenerationsEnd> {
  const { engine, budget } = run;
  let totals = totalsBefore;
  let checkpoint: Checkpoint<EngineState> | null = null;
  let stop: StopReason | null = engine.stopReason() ?? (budget.allowsCall() ? null : 'budget');
  let budgetName = budget.exhaustedBy();
  let targetTrouble: string | undefined;
  const lost = new LostGenerations();
  try {
    while (stop === null) {
      // Once per generation, even when the target fails without waiting for anything (a program
      // given up answers every request at once): signals, timers and I/O get their turn.
      await yieldToEventLoop();
      if (run.evaluation.signal?.aborted) {
        stop = 'interrupted';
        break;
      }
      const end = await runOneGeneration(run, totals);
      if (!end.committed) {
        stop = end.stop;
        break;
      }
      ({ totals, checkpoint } = end);
      stop = end.told.stopReason;
      if (end.outcome.stopped === 'budget') {
        stop = 'budget';
        budgetName = budget.exhaustedBy();
      }
      if (end.outcome.stopped === 'target-broken') {
        stop = 'target-broken';
        targetTrouble = redact(end.outcome.trouble ?? 'the target failed its health check twice in a row');
        break;
      }
      lost.observe(end.outcome.evaluations);
      const trouble = stop === null ? await lost.trouble(target) : undefined;
      if (trouble !== undefined) {
        stop = 'target-broken';
        targetTrouble = redact(trouble);
      }
    }
  } finally {
    try {
      run.journal.flush();
    } finally {
      run.files.close();
    }
  }
  return { stop, totals, checkpoint, budgetName, ...(targetTrouble !== undefined ? { targetTrouble } : {}) };
}
