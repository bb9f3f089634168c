import type { ShrinkSize } from './shrinkSize.js';

/** Negative when `a` is smaller than `b` (nodes, then characters, then the weight of its numbers). */
export function compareShrinkSize(a: ShrinkSize, b: ShrinkSize): number {
  return a.nodes - b.nodes || a.chars - b.chars || a.weight - b.weight;
}
