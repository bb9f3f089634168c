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

  it("--newest-bug-odds sets the spread pressure's lean toward the newest bugs, never the targeted pressure's", async () => {
    expect(selectionPressure(await parseFitnessSpec('short'), 0.8)).toEqual({ ...SPREAD_PRESSURE, newestBugOdds: 0.8 });
    expect(selectionPressure(await parseFitnessSpec('short'), 0).newestBugOdds).toBe(0);
    expect(selectionPressure(await parseFitnessSpec('length:40'), 0.8)).toBe(TARGETED_PRESSURE);
    expect(TARGETED_PRESSURE.newestBugOdds).toBe(0);
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
    // The default search asks every child it draws and draws its bugs' forms uniformly.
    expect(SPREAD_PRESSURE.brood).toBe(1);
    expect(SPREAD_PRESSURE.bugTournament).toBe(1);
    expect(SPREAD_PRESSURE.newestBugOdds).toBe(0);
  });
});
