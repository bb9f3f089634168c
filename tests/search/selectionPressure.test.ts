import { describe, expect, it } from 'vitest';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { selectionPressure, SPREAD_PRESSURE, TARGETED_PRESSURE } from '../../src/search/selectionPressure.js';

const embed = (exprs: Parameters<ReturnType<typeof structuralEmbedder>['embed']>[0]) => structuralEmbedder().embed(exprs);

describe('selectionPressure', () => {
  it('spreads the parents for a fitness that only rewards failures', async () => {
    expect(selectionPressure(await parseFitnessSpec('short'))).toEqual(SPREAD_PRESSURE);
    expect(selectionPressure(await parseFitnessSpec('short', { requireOps: 'sin' }))).toEqual(SPREAD_PRESSURE);
  });

  it("--bug-lean sets the spread pressure's lean toward the newest bugs, never the targeted pressure's", async () => {
    const newest = { kind: 'newest', odds: 0.8 } as const;
    expect(selectionPressure(await parseFitnessSpec('short'), newest)).toEqual({ ...SPREAD_PRESSURE, bugLean: newest });
    expect(selectionPressure(await parseFitnessSpec('short'), { kind: 'none' }).bugLean).toEqual({ kind: 'none' });
    expect(selectionPressure(await parseFitnessSpec('length:40'), newest)).toBe(TARGETED_PRESSURE);
    expect(TARGETED_PRESSURE.bugLean).toEqual({ kind: 'none' });
  });

  it('leans on the fitness when it asks for a length or for given problems, alone or in a product', async () => {
    expect(selectionPressure(await parseFitnessSpec('length:40'))).toBe(TARGETED_PRESSURE);
    expect(selectionPressure(await parseFitnessSpec('near:x^2 + 1', { distance: 'tree' }))).toBe(TARGETED_PRESSURE);
    expect(selectionPressure(await parseFitnessSpec('near:seeds/target', { embed }))).toBe(TARGETED_PRESSURE);
    expect(selectionPressure(await parseFitnessSpec('short*near:x^2', { distance: 'tree' }))).toBe(TARGETED_PRESSURE);
  });

  it('the targeted pressure is stronger at every point: more fittest failures, larger tournaments, a brood', () => {
    expect(TARGETED_PRESSURE.poolShare).toBeGreaterThan(SPREAD_PRESSURE.poolShare);
    expect(TARGETED_PRESSURE.eliteTournament).toBeGreaterThan(SPREAD_PRESSURE.eliteTournament);
    expect(TARGETED_PRESSURE.bugTournament).toBeGreaterThan(SPREAD_PRESSURE.bugTournament);
    expect(TARGETED_PRESSURE.brood).toBeGreaterThan(1);
    expect(TARGETED_PRESSURE.graftShare).toBeGreaterThan(0);
    expect(SPREAD_PRESSURE.graftShare).toBe(0);
    // The default search asks every child it draws, and draws its bugs by recency rank, each bug's forms alike.
    expect(SPREAD_PRESSURE.brood).toBe(1);
    expect(SPREAD_PRESSURE.bugTournament).toBe(1);
    expect(SPREAD_PRESSURE.bugLean).toEqual({ kind: 'rank' });
  });
});
