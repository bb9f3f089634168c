import { describe, expect, it } from 'vitest';
import { broodAt } from '../../src/search/broodAt.js';
import { SPREAD_PRESSURE, TARGETED_PRESSURE } from '../../src/search/selectionPressure.js';

describe('broodAt', () => {
  it('doubles the targeted brood every generation up to its largest size', () => {
    const broods = [1, 2, 3, 4, 5, 6, 7, 12].map((g) => broodAt(TARGETED_PRESSURE, g, 200));
    expect(broods).toEqual([8, 16, 32, 64, 128, 128, 128, 128]);
  });

  it('grows a smaller brood in a larger generation: the children drawn in all stay bounded', () => {
    const broods = [1, 2, 3, 4, 5, 6].map((g) => broodAt(TARGETED_PRESSURE, g, 1000));
    expect(broods).toEqual([8, 16, 32, 32, 32, 32]);
    for (const size of [100, 1000, 4000]) expect(broodAt(TARGETED_PRESSURE, 30, size) * size).toBeLessThanOrEqual(TARGETED_PRESSURE.maxBroodChildren);
    // A generation too large for any growth keeps the first brood.
    expect(broodAt(TARGETED_PRESSURE, 9, 100_000)).toBe(TARGETED_PRESSURE.brood);
  });

  it('keeps one child a slot under the spread pressure', () => {
    for (const g of [1, 2, 10]) expect(broodAt(SPREAD_PRESSURE, g, 1000)).toBe(1);
  });

  it('reads a growth of 1 or less as a brood of one size, and never goes under the first brood', () => {
    const bound = { maxBrood: 64, maxBroodChildren: 1e9 };
    expect(broodAt({ ...bound, brood: 4, broodGrowth: 1 }, 9, 10)).toBe(4);
    expect(broodAt({ ...bound, brood: 4, broodGrowth: 0.5 }, 9, 10)).toBe(4);
    expect(broodAt({ ...bound, brood: 4, broodGrowth: 3, maxBrood: 2 }, 3, 10)).toBe(4);
    expect(broodAt({ ...bound, brood: 4, broodGrowth: 3, maxBrood: 100 }, 3, 10)).toBe(36);
  });
});
