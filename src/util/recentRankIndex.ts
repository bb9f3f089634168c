import type { Rng } from './rng.js';

/**
 * An index into `count` items kept oldest first, drawn with weight 1/r for the item of recency
 * rank r (1: the last item, 2: the one before it, ...): the newest is drawn most, and an item's
 * share falls only as the reciprocal of the items that came after it, never geometrically.
 */
export function recentRankIndex(count: number, rng: Rng): number {
  if (!(count >= 1)) throw new RangeError(`recentRankIndex: count must be at least 1, got ${count}`);
  const weights = Array.from({ length: count }, (_, i) => 1 / (count - i));
  let rest = rng.next() * weights.reduce((a, b) => a + b, 0);
  let index = 0;
  while (index < count - 1 && rest >= weights[index]) {
    rest -= weights[index];
    index++;
  }
  return index;
}
