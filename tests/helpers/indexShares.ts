import { expect } from 'vitest';
import { createRng, type Rng } from '../../src/util/rng.js';

/** The share of `draws` indices into `count` items that `drawIndex` gives each item, from a generator seeded `seed`. */
export function indexShares(count: number, draws: number, seed: string, drawIndex: (count: number, rng: Rng) => number): number[] {
  const rng = createRng(seed);
  const hits = new Array<number>(count).fill(0);
  for (let i = 0; i < draws; i++) hits[drawIndex(count, rng)]++;
  return hits.map((h) => h / draws);
}

/** Each share close to its expected value (to one decimal: `toBeCloseTo(e, 1)`), and the shares from index `risingFrom` on each larger than the one before. */
export function expectShares(shares: readonly number[], expected: readonly number[], risingFrom: number): void {
  expected.forEach((e, i) => expect(shares[i], `share ${i}`).toBeCloseTo(e, 1));
  for (let i = risingFrom + 1; i < shares.length; i++) expect(shares[i], `share ${i}`).toBeGreaterThan(shares[i - 1]);
}
