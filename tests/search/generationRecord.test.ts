import { describe, expect, it } from 'vitest';
import type { ArchiveRecord } from '../../src/run/runSchema.js';
import { type GenerationFacts, generationRecord } from '../../src/search/generationRecord.js';
import type { GenerationAsk, GenerationTell } from '../../src/search/searchEngine.js';

const kinds = { wrong: 2, declined: 1, unreadable: 0, timeout: 0 } as unknown as GenerationTell['kinds'];
const provenKinds = { wrong: 2, declined: 0, unreadable: 0, timeout: 0 } as unknown as GenerationTell['provenKinds'];

// Only what the line reads of an archived record: its length and fitness.
const archivedLine = (length: number, fitness: number): ArchiveRecord => ({ length, fitness }) as unknown as ArchiveRecord;

function facts(told: Partial<GenerationTell> = {}, rest: Partial<GenerationFacts> = {}): GenerationFacts {
  const asked: GenerationAsk = {
    generation: 3,
    problems: Array.from({ length: 10 }, () => ({}) as GenerationAsk['problems'][number]),
    candidates: 14,
    valid: 12,
    duplicates: 2,
    retried: 1,
    invalidReasons: { 'too long': 2 },
    screened: 0,
    level: 1,
  };
  const tell: GenerationTell = {
    generation: 3,
    archived: [archivedLine(4, 0.5), archivedLine(7, 0.25)],
    evaluated: [],
    evaluatedCount: 8,
    failures: 3,
    undecided: 1,
    errors: 1,
    skipped: 0,
    meetingTau: 3,
    meanLength: 16 / 3,
    kinds,
    proven: 2,
    provenKinds,
    proofs: { verifier: 2, reference: 0 } as unknown as GenerationTell['proofs'],
    variants: 1,
    unasked: 2,
    seeds: 5,
    clusters: 2,
    stopReason: null,
    population: { cells: 9, qdScore: 1.234567, newCells: 3, improvedCells: 1 },
    stagnation: { level: 2, staleGenerations: 4, staleCalls: 120 },
    parents: { initial: 1, pool: 2, elite: 1, bug: 1 },
    ...told,
  };
  return {
    asked,
    told: tell,
    archiveSize: 17,
    signatures: 15,
    calls: { problems: 8, references: 2, shrinking: 5, health: 0 },
    targetCalls: 15,
    seconds: { target: 1.23456, verify: 0.00004, engine: 2 / 3 },
    tokens: { input: 100, output: 40 },
    cost: 0.0000125,
    ...rest,
  };
}

describe('generationRecord', () => {
  it('counts the problems asked without those a budget left unasked, and the failures left unproven', () => {
    const row = generationRecord(facts());
    expect(row.asked).toBe(8);
    expect(row.unproven).toBe(1);
    expect(row.novel).toBe(2);
    expect(row.archive_size).toBe(17);
    expect(row.signatures).toBe(15);
    expect(row.target_calls).toBe(15);
    expect(row.escalation).toEqual({ drawn_at: 1, level: 2, stale_generations: 4, stale_calls: 120 });
  });

  it('rounds means, seconds and the QD-score to 4 decimals and the cost to 6', () => {
    const row = generationRecord(facts());
    expect(row.mean_length).toBe(5.3333);
    expect(row.archived_mean_length).toBe(5.5);
    expect(row.mean_fitness_archived).toBe(0.375);
    expect(row.population).toEqual({ cells: 9, qd_score: 1.2346, new_cells: 3, improved_cells: 1 });
    expect(row.seconds).toEqual({ target: 1.2346, verify: 0, engine: 0.6667 });
    expect(row.cost).toBe(0.000013);
  });

  it('has no archived means when nothing was archived, no mean length when nothing was evaluated, and no cost without prices', () => {
    const row = generationRecord(facts({ archived: [], meanLength: null }, { cost: null }));
    expect(row.archived_mean_length).toBeNull();
    expect(row.mean_fitness_archived).toBeNull();
    expect(row.mean_length).toBeNull();
    expect(row.cost).toBeNull();
  });

  it('says how many new problems a brood screened out, only when some were, after the duplicates', () => {
    expect(generationRecord(facts())).not.toHaveProperty('screened');
    const base = facts();
    const row = generationRecord({ ...base, asked: { ...base.asked, screened: 30 } });
    expect(row.screened).toBe(30);
    expect(Object.keys(row).slice(3, 6)).toEqual(['duplicates', 'screened', 'asked']);
  });

  it('keeps the keys of generations.jsonl in their order', () => {
    expect(Object.keys(generationRecord(facts()))).toEqual([
      'generation',
      'candidates',
      'valid',
      'duplicates',
      'asked',
      'evaluated',
      'failures',
      'undecided',
      'errors',
      'skipped',
      'meeting_tau',
      'novel',
      'archive_size',
      'mean_length',
      'archived_mean_length',
      'mean_fitness_archived',
      'kinds',
      'proven',
      'unproven',
      'proven_kinds',
      'proofs',
      'variants',
      'signatures',
      'target_calls',
      'calls',
      'invalid_reasons',
      'seeds',
      'clusters',
      'parents',
      'population',
      'escalation',
      'seconds',
      'tokens',
      'cost',
    ]);
  });
});
