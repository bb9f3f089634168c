import type { Checkpoint, RunTotals } from '../run/runSchema.js';
import type { RunFiles } from '../run/runFiles.js';
import { addGenerationTotals } from './addGenerationTotals.js';
import type { AnswerJournal } from './answerJournal.js';
import { evaluateGeneration, type GenerationContext, type GenerationOutcome } from './evaluateGeneration.js';
import { generationRecord } from './generationRecord.js';
import type { ProgressReporter } from './progressReporter.js';
import type { EngineState, GenerationTell, SearchEngine } from './searchEngine.js';
import type { SpendingBudget } from './spendingBudget.js';

/** A run directory opened for its generations: the engine, its files, and what every generation shares. */
export interface OpenedRun {
  readonly engine: SearchEngine;
  readonly files: RunFiles<EngineState>;
  readonly journal: AnswerJournal;
  readonly budget: SpendingBudget;
  /** What every generation's evaluation is given; each adds what the archive holds and its own progress. */
  readonly evaluation: Omit<GenerationContext, 'archived' | 'onJudged'>;
  readonly progress: ProgressReporter;
  /** The archive size the run aims at (settings.archiveSize), for the progress. */
  readonly archiveTarget: number;
  /** Does the target price its answers? A generation's cost is null otherwise. */
  readonly priced: boolean;
}

/** How a generation ended: committed to the run's files, or given up before it wrote anything. */
export type GenerationEnd =
  | {
      readonly committed: true;
      /** The run's totals and checkpoint with the generation in them. */
      readonly totals: RunTotals;
      readonly checkpoint: Checkpoint<EngineState>;
      readonly told: GenerationTell;
      readonly outcome: GenerationOutcome;
    }
  | { readonly committed: false; readonly stop: 'exhausted' | 'interrupted' };

/**
 * One generation: ask the engine for problems, evaluate them (`evaluateGeneration`: target,
 * journal, Fail@k, proof, shrinking), tell the engine the judgements, and commit the archive,
 * evaluated and generations lines and then the checkpoint. A generation that asks nothing, or is
 * interrupted before it is told, is abandoned: the engine forgets it and nothing is written, so a
 * resumed run asks it again from the same state.
 */
export async function runOneGeneration(run: OpenedRun, totals: RunTotals): Promise<GenerationEnd> {
  const { engine, journal, budget, progress } = run;
  const wallStart = performance.now();
  let t = performance.now();
  const asked = await engine.ask();
  let engineSeconds = secondsSince(t);
  if (engine.stopReason() === 'exhausted') {
    // Nothing new to ask at any escalation level: a generation that asks nothing is never run.
    engine.abandon();
    return { committed: false, stop: 'exhausted' };
  }
  const archiveBefore = engine.state().archiveCount;
  progress.generationStart({ generation: asked.generation, asked: asked.problems.length, archiveSize: archiveBefore, archiveTarget: run.archiveTarget });

  const spentAtStart = budget.spent();
  t = performance.now();
  const outcome = await evaluateGeneration(asked, {
    ...run.evaluation,
    archived: (signature) => engine.archivedSignature(signature) !== undefined,
    onJudged: (done, failures) =>
      progress.progress({
        generation: asked.generation,
        done,
        total: asked.problems.length,
        failures,
        archiveSize: Math.min(run.archiveTarget, archiveBefore + failures),
      }),
  });
  const targetSeconds = Math.max(0, secondsSince(t) - outcome.verifySeconds);
  journal.flush();
  if (outcome.stopped === 'interrupted' || run.evaluation.signal?.aborted) {
    engine.abandon();
    return { committed: false, stop: 'interrupted' };
  }

  t = performance.now();
  const calls = outcome.calls;
  const targetCalls = calls.problems + calls.references + calls.shrinking + calls.health;
  const told = await engine.tell(outcome.evaluations, { targetCalls });
  const spent = budget.spent();
  engineSeconds += secondsSince(t);
  const row = generationRecord({
    asked,
    told,
    archiveSize: engine.state().archiveCount,
    signatures: engine.state().distinctSignatures ?? 0,
    calls,
    targetCalls,
    seconds: { target: targetSeconds, verify: outcome.verifySeconds, engine: engineSeconds },
    tokens: { input: spent.input - spentAtStart.input, output: spent.output - spentAtStart.output },
    cost: run.priced ? spent.cost - spentAtStart.cost : null,
  });
  const totalsAfter = addGenerationTotals(totals, asked.candidates, row, secondsSince(wallStart), spent);
  const checkpoint = run.files.commit(
    { archive: told.archived, evaluated: told.evaluated, generation: row },
    { engine: engine.state(), rngState: run.evaluation.rng.state(), totals: totalsAfter },
    journal.carried(),
  );
  journal.clear();
  progress.generationEnd(row);
  return { committed: true, totals: totalsAfter, checkpoint, told, outcome };
}

function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
