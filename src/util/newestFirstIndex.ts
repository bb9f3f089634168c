import type { Rng } from './rng.js';

/**
 * An index into `count` items kept oldest first, drawn newest first: the last item with
 * probability `odds`, else the one before it with the same probability, and so on, the first item
 * taking what is left. Odds of 0 or less draw uniformly.
 */
export function newestFirstIndex(count: number, odds: number, rng: Rng): number {
  if (!(count >= 1)) throw new RangeError(`newestFirstIndex: count must be at least 1, got ${count}`);
  if (!(odds > 0)) return rng.int(0, count - 1);
  let index = count - 1;
  while (index > 0 && rng.next() >= odds) index--;
  return index;
}
