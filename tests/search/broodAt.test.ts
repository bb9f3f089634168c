import { describe, expect, it } from 'vitest';
import { broodAt } from '../../src/search/broodAt.js';
import { SPREAD_PRESSURE, TARGETED_PRESSURE } from '../../src/search/selectionPressure.js';

describe('broodAt', () => {
  it('doubles the targeted brood every generation up to its largest size', () => {
    const broods = [1, 2, 3, 4, 5, 6, 7, 12].map((g) => broodAt(TARGETED_PRESSURE, g));
    expect(broods).toEqual([8, 16, 32, 64, 128, 128, 128, 128]);
  });

  it('keeps one child a slot under the spread pressure', () => {
    for (const g of [1, 2, 10]) expect(broodAt(SPREAD_PRESSURE, g)).toBe(1);
  });

  it('reads a growth of 1 or less as a brood of one size, and never goes under the first brood', () => {
    expect(broodAt({ brood: 4, broodGrowth: 1, maxBrood: 64 }, 9)).toBe(4);
    expect(broodAt({ brood: 4, broodGrowth: 0.5, maxBrood: 64 }, 9)).toBe(4);
    expect(broodAt({ brood: 4, broodGrowth: 3, maxBrood: 2 }, 3)).toBe(4);
    expect(broodAt({ brood: 4, broodGrowth: 3, maxBrood: 100 }, 3)).toBe(36);
  });
});
