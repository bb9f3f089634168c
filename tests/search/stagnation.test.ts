import { describe, expect, it } from 'vitest';
import { CALM, hasStagnated, LOW_NEW_SHARE, observeGeneration, type StagnationState } from '../../src/search/stagnation.js';

const policy = { patience: 10, topLevel: 4 };
const nothingNew = { newSignatures: 0, newShare: 0.9, targetCalls: 100 };

describe('stagnation', () => {
  it('climbs a level every fifth of its patience, reaching the top before it stops', () => {
    let s: StagnationState = CALM;
    const levels: number[] = [];
    for (let g = 0; g < 10; g++) {
      s = observeGeneration(s, nothingNew, policy);
      levels.push(s.level);
      expect(hasStagnated(s, policy)).toBe(g === 9);
    }
    expect(levels).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    expect(s.staleCalls).toBe(1000);
  });

  it('climbs a level every second stale generation under a longer patience, and spends the rest of it at the top', () => {
    const patient = { patience: 20, topLevel: 4 };
    let s: StagnationState = CALM;
    const levels: number[] = [];
    for (let g = 0; g < 20; g++) {
      s = observeGeneration(s, nothingNew, patient);
      levels.push(s.level);
      expect(hasStagnated(s, patient)).toBe(g === 19);
    }
    expect(levels).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
  });

  it('climbs at once when most candidates were known problems, and calms down on a new signature', () => {
    const crowded = observeGeneration(CALM, { ...nothingNew, newShare: LOW_NEW_SHARE / 2 }, policy);
    expect(crowded.level).toBe(1);
    const found = observeGeneration({ level: 3, staleGenerations: 6, staleCalls: 600 }, { ...nothingNew, newSignatures: 1 }, policy);
    expect(found).toEqual(CALM);
  });

  it('never stops with patience 0', () => {
    let s: StagnationState = CALM;
    const levels: number[] = [];
    for (let g = 0; g < 100; g++) {
      s = observeGeneration(s, nothingNew, { patience: 0, topLevel: 4 });
      levels.push(s.level);
    }
    expect(hasStagnated(s, { patience: 0, topLevel: 4 })).toBe(false);
    expect(levels.slice(0, 9)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(s.level).toBe(4);
  });
});
