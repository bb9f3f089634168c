import type { Rng } from '../util/rng.js';

export interface BootstrapOptions {
  /** Resamples of the problems (default 1000). */
  readonly resamples?: number;
  /** Coverage of the interval (default 0.95). */
  readonly level?: number;
}

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_LEVEL = 0.95;

/**
 * Percentile bootstrap intervals of the means of several per-problem columns (each the same
 * length, one value per problem): each resample draws the problems with replacement once and
 * takes every column's mean over the same draw, so the intervals of related metrics are paired.
 * Every draw comes from `rng`. Returns null for a column of no values.
 */
export function bootstrapIntervals(columns: readonly (readonly number[])[], rng: Rng, options: BootstrapOptions = {}): (readonly [number, number] | null)[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  if (!Number.isSafeInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number ≥ 1, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const size = columns[0]?.length ?? 0;
  if (columns.some((c) => c.length !== size)) throw new RangeError('bootstrap columns differ in length');
  if (size === 0) return columns.map(() => null);
  const means = columns.map(() => new Float64Array(resamples));
  const sums = new Float64Array(columns.length);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let i = 0; i < size; i++) {
      const pick = Math.floor(rng.next() * size);
      for (let c = 0; c < columns.length; c++) sums[c] += columns[c][pick];
    }
    for (let c = 0; c < columns.length; c++) means[c][r] = sums[c] / size;
  }
  const tail = (1 - level) / 2;
  return means.map((m) => {
    m.sort();
    return [quantile(m, tail), quantile(m, 1 - tail)] as const;
  });
}

/** Linear interpolation between order statistics (Hyndman & Fan type 7, R's default). */
function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
