import { describe, expect, it } from 'vitest';
import { CALM, hasStagnated, LOW_NEW_SHARE, observeGeneration, type StagnationPolicy, type StagnationState } from '../../src/search/stagnation.js';

const policy = { patience: 10, topLevel: 4 };
const nothingNew = { newSignatures: 0, newShare: 0.9, targetCalls: 100 };

/** A search that finds nothing new for `generations` generations: its level and stop verdict after each. */
function staleRun(of: StagnationPolicy, generations: number): { levels: number[]; stagnated: boolean[]; last: StagnationState } {
  let last: StagnationState = CALM;
  const levels: number[] = [];
  const stagnated: boolean[] = [];
  for (let g = 0; g < generations; g++) {
    last = observeGeneration(last, nothingNew, of);
    levels.push(last.level);
    stagnated.push(hasStagnated(last, of));
  }
  return { levels, stagnated, last };
}

describe('stagnation', () => {
  it('climbs a level every fifth of its patience, reaching the top before it stops', () => {
    const run = staleRun(policy, 10);
    expect(run.stagnated).toEqual(run.levels.map((_, g) => g === 9));
    expect(run.levels).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    expect(run.last.staleCalls).toBe(1000);
  });

  it('climbs a level every second stale generation under a longer patience, and spends the rest of it at the top', () => {
    const run = staleRun({ patience: 20, topLevel: 4 }, 20);
    expect(run.stagnated).toEqual(run.levels.map((_, g) => g === 19));
    expect(run.levels).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
  });

  it('climbs at once when most candidates were known problems, and calms down on a new signature', () => {
    const crowded = observeGeneration(CALM, { ...nothingNew, newShare: LOW_NEW_SHARE / 2 }, policy);
    expect(crowded.level).toBe(1);
    const found = observeGeneration({ level: 3, staleGenerations: 6, staleCalls: 600 }, { ...nothingNew, newSignatures: 1 }, policy);
    expect(found).toEqual(CALM);
  });

  it('never stops with patience 0', () => {
    const run = staleRun({ patience: 0, topLevel: 4 }, 100);
    expect(run.stagnated.at(-1)).toBe(false);
    expect(run.levels.slice(0, 9)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(run.last.level).toBe(4);
  });
});
