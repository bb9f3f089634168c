import { describe, expect, it } from 'vitest';
import { kmeansPlusPlus } from '../../src/cluster/kmeansPlusPlus.js';
import { createRng } from '../../src/util/rng.js';

// Moved from tests/search/selectSeeds.test.ts with k-means into src/cluster.
describe('kmeansPlusPlus', () => {
  it('kmeansPlusPlus picks distinct points as centres', () => {
    const points = [
      [0, 0],
      [0, 0],
      [10, 0],
      [0, 10],
      [10, 10],
    ];
    const centres = kmeansPlusPlus(points, 4, createRng(5));
    expect(new Set(centres.map((c) => c.join(','))).size).toBe(4);
  });
});
