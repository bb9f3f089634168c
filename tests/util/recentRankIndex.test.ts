import { describe, expect, it } from 'vitest';
import { recentRankIndex } from '../../src/util/recentRankIndex.js';
import { createRng } from '../../src/util/rng.js';
import { expectShares, indexShares } from '../helpers/indexShares.js';

const shares = (count: number, draws: number, seed: string): number[] => indexShares(count, draws, seed, recentRankIndex);

describe('recentRankIndex', () => {
  it('draws the item of recency rank r with weight 1/r: the newest most, the oldest least', () => {
    const s = shares(4, 60_000, 'ranks');
    // Weights 1/4, 1/3, 1/2, 1 over 25/12: shares 0.12, 0.16, 0.24, 0.48.
    expectShares(s, [0.12, 0.16, 0.24, 0.48], 0);
  });

  it('starves no item: after twelve newer ones the first still gets its 1/13 weight, not 2^-12', () => {
    const s = shares(13, 100_000, 'floor');
    // 1/13 over H(13) = 3.18: 0.024.
    expect(s[0]).toBeGreaterThan(0.015);
    expect(s[0]).toBeLessThan(0.035);
  });

  it('is deterministic for its generator, draws the one item there is, and refuses an empty list', () => {
    const a = createRng('same');
    const b = createRng('same');
    for (let i = 0; i < 20; i++) expect(recentRankIndex(6, a)).toBe(recentRankIndex(6, b));
    const rng = createRng('one');
    for (let i = 0; i < 10; i++) expect(recentRankIndex(1, rng)).toBe(0);
    expect(() => recentRankIndex(0, createRng('x'))).toThrow(RangeError);
  });
});
