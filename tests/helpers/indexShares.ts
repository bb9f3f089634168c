import { createRng, type Rng } from '../../src/util/rng.js';

/** The share of `draws` indices into `count` items that `drawIndex` gives each item, from a generator seeded `seed`. */
export function indexShares(count: number, draws: number, seed: string, drawIndex: (count: number, rng: Rng) => number): number[] {
  const rng = createRng(seed);
  const hits = new Array<number>(count).fill(0);
  for (let i = 0; i < draws; i++) hits[drawIndex(count, rng)]++;
  return hits.map((h) => h / draws);
}
