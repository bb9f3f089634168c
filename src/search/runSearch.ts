import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Fitness } from '../../fitness/types.js';
import type { Embedder } from '../embed/types.js';
import type { Expr } from '../expr/types.js';
import type { Target, TargetAnswer } from '../targets/types.js';
import type { Rng } from '../util/rng.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { ProgressReporter, SearchSummary } from './progressReporter.js';
import { RunFiles, ZERO_TOTALS } from '../run/runFiles.js';
import { runRedactor } from '../util/redactSecrets.js';
import type { Checkpoint, EvaluatedRecord, GenerationRecord, JournalEntry, RunTotals, SearchSettings, StopReason } from '../run/runSchema.js';
import { SearchEngine, type EngineParams, type EngineState, type Evaluation } from './searchEngine.js';
import type { AskedProblem } from './searchTypes.js';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';

export interface RunSearchConfig {
  readonly settings: SearchSettings;
  readonly outDir: string;
  /**
   * Continue the run in outDir from its checkpoint. The caller has checked that the settings
   * match the run's config.json. When false, outDir must not hold a run yet.
   */
  readonly resume: boolean;
  /** What config.json holds for a new run (ignored on resume, where it already exists). */
  readonly configRecord: unknown;
  /** Problems per call to the target: the grain of progress updates and of the answer journal. */
  readonly chunkSize?: number;
}

export interface RunSearchDeps {
  readonly target: Target;
  readonly verify: VerifyPair;
  readonly embedder: Embedder;
  readonly fitness: Fitness;
  /** One mutation (mutation config bound). */
  readonly mutate: (tree: Expr, rng: Rng) => Expr;
  /** Candidate check (limits bound). */
  readonly checkCandidate: (e: Expr) => CandidateCheck;
  readonly initialSeeds: readonly Expr[];
  /** Root generator, created from settings.rngSeed. */
  readonly rng: Rng;
  readonly progress: ProgressReporter;
  /** Aborting stops the run after the current write; the run can then be resumed. */
  readonly signal?: AbortSignal;
}

/**
 * Drive the SAGGA engine against a target until the archive is full, the generation limit is
 * reached, no seed is left, or the signal aborts. Each generation: ask → target (in chunks, each
 * chunk's answers journaled) → verify (Fail@k) → tell → commit (archive, evaluated and
 * generations lines, then the checkpoint). Killed at any point and resumed, the run ends with the
 * same archive as an uninterrupted one, given a deterministic target.
 */
export async function runSearch(config: RunSearchConfig, deps: RunSearchDeps): Promise<SearchSummary> {
  const { settings } = config;
  // Every line written passes through one redaction: the API key, secret arguments of a cmd: command line.
  const files = new RunFiles<EngineState>(config.outDir, { redact: runRedactor(settings.target) });
  if (!config.resume && files.hasRun()) {
    throw new Error(`${config.outDir} already holds a run; resume it with --resume ${config.outDir}, or choose another --out`);
  }
  if (config.resume && files.readConfig() === null) throw new Error(`${config.outDir} holds no run to resume (no config.json)`);
  if (!config.resume) files.writeConfig(config.configRecord);

  const checkpoint = config.resume ? files.readCheckpoint() : null;
  const survivors = files.reconcile(checkpoint);
  const evaluatedKeys = survivors.evaluated.map((line) => JSON.parse(line) as EvaluatedRecord).filter((r) => r.status !== 'skipped').map((r) => r.key);
  if (checkpoint && survivors.archive.length !== checkpoint.engine.archiveCount) {
    throw new Error(`${files.path('archive')} has ${survivors.archive.length} lines but the checkpoint records ${checkpoint.engine.archiveCount}; cannot resume safely`);
  }
  const journal = new Map<string, readonly TargetAnswer[]>(survivors.journal.map((e) => [e.key, e.answers]));

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
  };
  const engine = new SearchEngine(
    params,
    { mutate: deps.mutate, checkCandidate: deps.checkCandidate, embedder: deps.embedder, fitness: deps.fitness, rng: deps.rng, initialSeeds: deps.initialSeeds },
    checkpoint ? { state: checkpoint.engine, evaluatedKeys } : undefined,
  );
  let totals: RunTotals = checkpoint?.totals ?? ZERO_TOTALS;
  let lastCheckpoint: Checkpoint<EngineState> | null = checkpoint;
  const resumedAfter = checkpoint ? checkpoint.engine.generation : config.resume ? 0 : null;
  const chunkSize = Math.max(1, config.chunkSize ?? Math.max(32, 4 * settings.concurrency));
  const progress = deps.progress;
  progress.runStart({ outDir: config.outDir, resumedAfter, archiveSize: engine.state().archiveCount, archiveTarget: settings.archiveSize });

  let stop: StopReason | null = engine.stopReason();
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
      let engineSeconds = 0;
      let targetSeconds = 0;
      let verifySeconds = 0;

      let t = performance.now();
      const asked = engine.ask();
      engineSeconds += seconds(t);
      const archiveBefore = engine.state().archiveCount;
      progress.generationStart({ generation: asked.generation, asked: asked.problems.length, archiveSize: archiveBefore, archiveTarget: settings.archiveSize });

      const evaluations: Evaluation[] = [];
      let failures = 0;
      let interrupted = false;
      // The target works on chunk i + 1 (in its own workers, processes or sockets) while the
      // verifier checks chunk i here.
      const chunks: AskedProblem[][] = [];
      for (let start = 0; start < asked.problems.length; start += chunkSize) chunks.push(asked.problems.slice(start, start + chunkSize));
      const solve = (chunk: readonly AskedProblem[]) => {
        const fresh = chunk.filter((p) => !journal.has(p.key));
        const outcomes = fresh.length > 0 ? deps.target.solve(fresh.map(toTargetProblem), settings.k, deps.signal) : Promise.resolve([]);
        // Never left unhandled if the run stops before awaiting it.
        outcomes.catch(() => {});
        return { fresh, outcomes };
      };
      let next = chunks.length > 0 && !deps.signal?.aborted ? solve(chunks[0]) : undefined;
      for (let i = 0; i < chunks.length; i++) {
        if (deps.signal?.aborted || !next) {
          interrupted = true;
          break;
        }
        const chunk = chunks[i];
        const { fresh } = next;
        t = performance.now();
        const outcomes = await next.outcomes;
        targetSeconds += seconds(t);
        if (deps.signal?.aborted) {
          interrupted = true;
          break;
        }
        next = i + 1 < chunks.length ? solve(chunks[i + 1]) : undefined;
        const byId = new Map(outcomes.map((o) => [o.id, o.answers]));
        const journaled: JournalEntry[] = [];
        for (const p of fresh) {
          const answers = byId.get(p.id) ?? [];
          // Only answers worth keeping: a transport error is asked again anyway.
          if (answers.length > 0 && !answers.some((a) => a.status === 'error')) {
            journal.set(p.key, answers);
            journaled.push({ key: p.key, answers });
          }
        }
        t = performance.now();
        files.appendJournal(journaled);
        engineSeconds += seconds(t);

        for (const p of chunk) {
          const answers = journal.get(p.key) ?? byId.get(p.id) ?? [];
          const judged = await judgeOutcome(p.expr, answers, deps.verify);
          verifySeconds += judged.verifySeconds;
          if (judged.judgement.status === 'fail') failures++;
          evaluations.push({ problem: p, judgement: judged.judgement });
        }
        progress.progress({
          generation: asked.generation,
          done: evaluations.length,
          total: asked.problems.length,
          failures,
          archiveSize: Math.min(settings.archiveSize, archiveBefore + failures),
        });
      }
      if (interrupted) {
        engine.abandon();
        stop = 'interrupted';
        break;
      }

      t = performance.now();
      const told = await engine.tell(evaluations);
      const archived = told.archived;
      const row = (ioStart: number): GenerationRecord => ({
        generation: told.generation,
        candidates: asked.candidates,
        valid: asked.valid,
        duplicates: asked.duplicates,
        asked: asked.problems.length,
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
        invalid_reasons: asked.invalidReasons,
        seeds: told.seeds,
        clusters: told.clusters,
        seconds: { target: round(targetSeconds), verify: round(verifySeconds), engine: round(engineSeconds + seconds(ioStart)) },
      });
      const ioStart = t;
      const generationRow = row(ioStart);
      totals = addTotals(totals, asked.candidates, generationRow, seconds(wallStart));
      lastCheckpoint = files.commit(
        { archive: archived, evaluated: told.evaluated, generation: generationRow },
        { engine: engine.state(), rngState: deps.rng.state(), totals },
      );
      journal.clear();
      progress.generationEnd(generationRow);
      stop = told.stopReason;

      const lost = evaluations.filter((e) => e.judgement.status === 'error');
      lostGenerations = evaluations.length > 0 && lost.length === evaluations.length ? lostGenerations + 1 : 0;
      if (lost.length > 0) lastError = lost[lost.length - 1].judgement.reason;
      const gaveUp = deps.target.gaveUp?.();
      if (stop === null && (gaveUp !== undefined || lostGenerations >= LOST_GENERATIONS_LIMIT)) {
        stop = 'target-broken';
        targetTrouble = runRedactor(settings.target)(await describeTrouble(deps.target, gaveUp, lostGenerations, lastError));
      }
    }
  } finally {
    files.close();
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
    ...(targetTrouble !== undefined ? { targetTrouble } : {}),
  };
  // A stop decided on resume (say, the archive was already full) is recorded too.
  if (lastCheckpoint && stop !== 'interrupted' && lastCheckpoint.engine.stopReason !== stop) {
    files.rewriteCheckpoint({ ...lastCheckpoint, engine: { ...lastCheckpoint.engine, stopReason: stop } });
  }
  progress.runEnd(summary);
  return summary;
}

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

function toTargetProblem(p: AskedProblem) {
  return { id: p.id, expr: p.expr, infix: p.infix, latex: p.latex };
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

function addTotals(t: RunTotals, candidates: number, row: GenerationRecord, wall: number): RunTotals {
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
  };
}
