import type { CallCounts, GenerationRecord } from '../run/runSchema.js';
import { round4, round4OrNull, round6 } from './roundFigures.js';
import type { GenerationAsk, GenerationTell } from './searchEngine.js';

/** What a committed generation's line of generations.jsonl is made from. */
export interface GenerationFacts {
  readonly asked: GenerationAsk;
  readonly told: GenerationTell;
  /** The archive's lines and distinct signatures once the generation is told. */
  readonly archiveSize: number;
  readonly signatures: number;
  /** The target calls the generation made, by purpose, and their sum. */
  readonly calls: CallCounts;
  readonly targetCalls: number;
  /** Seconds waiting for the target (verification taken out), verifying, and in the engine. */
  readonly seconds: { readonly target: number; readonly verify: number; readonly engine: number };
  /** Tokens the generation spent, and its cost: null when the target prices nothing. */
  readonly tokens: { readonly input: number; readonly output: number };
  readonly cost: number | null;
}

/** The line generations.jsonl records for a generation (docs/FORMATS.md); its keys in the order the file has always had them. */
export function generationRecord(facts: GenerationFacts): GenerationRecord {
  const { asked, told } = facts;
  const archived = told.archived;
  return {
    generation: told.generation,
    candidates: asked.candidates,
    valid: asked.valid,
    duplicates: asked.duplicates,
    ...(asked.screened > 0 ? { screened: asked.screened } : {}),
    // Problems a budget stopped before they were asked are asked first in the next generation.
    asked: asked.problems.length - told.unasked,
    evaluated: told.evaluatedCount,
    failures: told.failures,
    undecided: told.undecided,
    errors: told.errors,
    skipped: told.skipped,
    meeting_tau: told.meetingTau,
    novel: archived.length,
    archive_size: facts.archiveSize,
    mean_length: round4OrNull(told.meanLength),
    archived_mean_length: archived.length > 0 ? round4(archived.reduce((s, a) => s + a.length, 0) / archived.length) : null,
    mean_fitness_archived: archived.length > 0 ? round4(archived.reduce((s, a) => s + a.fitness, 0) / archived.length) : null,
    kinds: told.kinds,
    proven: told.proven,
    unproven: told.failures - told.proven,
    proven_kinds: told.provenKinds,
    proofs: told.proofs,
    variants: told.variants,
    signatures: facts.signatures,
    target_calls: facts.targetCalls,
    calls: facts.calls,
    invalid_reasons: asked.invalidReasons,
    seeds: told.seeds,
    clusters: told.clusters,
    parents: told.parents,
    population: {
      cells: told.population.cells,
      qd_score: round4(told.population.qdScore),
      new_cells: told.population.newCells,
      improved_cells: told.population.improvedCells,
    },
    escalation: {
      drawn_at: asked.level,
      level: told.stagnation.level,
      stale_generations: told.stagnation.staleGenerations,
      stale_calls: told.stagnation.staleCalls,
    },
    seconds: { target: round4(facts.seconds.target), verify: round4(facts.seconds.verify), engine: round4(facts.seconds.engine) },
    tokens: facts.tokens,
    cost: facts.cost === null ? null : round6(facts.cost),
  };
}
