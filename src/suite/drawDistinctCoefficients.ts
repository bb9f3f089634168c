import type { Rng } from '../util/rng.js';

/**
 * Up to `n` distinct tuples of `count` integers from [lo, hi) drawn without replacement. When the
 * range holds no more than `n` tuples, all of them are returned (shuffled): a template with one
 * coefficient in [1, 100] has only 99 or 100 distinct problems, and the suite's rows say how many.
 */
export function drawDistinctCoefficients(rng: Rng, count: 1 | 2, lo: number, hi: number, n: number): number[][] {
  const width = hi - lo;
  if (!(width >= 1) || !Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) throw new RangeError(`empty coefficient range [${lo}, ${hi})`);
  const available = count === 1 ? width : width * width;
  if (available <= n) {
    const all: number[][] = [];
    for (let i = 0; i < available; i++) all.push(count === 1 ? [lo + i] : [lo + Math.floor(i / width), lo + (i % width)]);
    return rng.shuffle(all);
  }
  const seen = new Set<string>();
  const out: number[][] = [];
  while (out.length < n) {
    const tuple = count === 1 ? [rng.int(lo, hi - 1)] : [rng.int(lo, hi - 1), rng.int(lo, hi - 1)];
    const key = tuple.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tuple);
  }
  return out;
}
