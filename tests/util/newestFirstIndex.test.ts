import { describe, expect, it } from 'vitest';
import { newestFirstIndex } from '../../src/util/newestFirstIndex.js';
import { createRng } from '../../src/util/rng.js';
import { expectShares, indexShares } from '../helpers/indexShares.js';

const shares = (count: number, odds: number, draws: number, seed: string): number[] =>
  indexShares(count, draws, seed, (n, rng) => newestFirstIndex(n, odds, rng));

describe('newestFirstIndex', () => {
  it('halves the share at each step back from the newest, the first item taking what is left', () => {
    const s = shares(4, 0.5, 40_000, 'halves');
    // Expected 1/2, 1/4, 1/8 and the rest, 1/8.
    expectShares(s, [0.125, 0.125, 0.25, 0.5], 1);
  });

  it('odds of 0 draw uniformly; one item is always drawn', () => {
    const s = shares(4, 0, 40_000, 'uniform');
    for (const share of s) expect(share).toBeCloseTo(0.25, 1);
    const rng = createRng('one');
    for (let i = 0; i < 10; i++) expect(newestFirstIndex(1, 0.5, rng)).toBe(0);
  });

  it('is deterministic for its generator and refuses an empty list', () => {
    const a = createRng('same');
    const b = createRng('same');
    for (let i = 0; i < 20; i++) expect(newestFirstIndex(6, 0.3, a)).toBe(newestFirstIndex(6, 0.3, b));
    expect(() => newestFirstIndex(0, 0.5, createRng('x'))).toThrow(RangeError);
  });
});
