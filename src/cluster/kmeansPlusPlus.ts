import type { Rng } from '../util/rng.js';
import { squaredDistance } from '../util/squaredDistance.js';

/**
 * k-means++ seeding (Arthur & Vassilvitskii 2007) with our generator: the first centre uniformly,
 * each next one with probability proportional to the squared distance to the nearest chosen
 * centre. Stops early when every point coincides with a centre (fewer distinct points than k).
 */
export function kmeansPlusPlus(points: readonly number[][], k: number, rng: Rng): number[][] {
  const n = points.length;
  const first = rng.int(0, n - 1);
  const centres: number[][] = [points[first].slice()];
  const nearest = points.map((p) => squaredDistance(p, points[first]));
  while (centres.length < Math.min(k, n)) {
    if (!nearest.some((d) => d > 0)) break;
    const next = rng.weighted(nearest);
    centres.push(points[next].slice());
    for (let i = 0; i < n; i++) {
      const d = squaredDistance(points[i], points[next]);
      if (d < nearest[i]) nearest[i] = d;
    }
  }
  return centres;
}
