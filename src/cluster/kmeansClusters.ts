import { kmeans } from 'ml-kmeans';
import type { Rng } from '../util/rng.js';
import { kmeansPlusPlus } from './kmeansPlusPlus.js';

/**
 * k-means of `points` (at least one) into at most k clusters: a k-means++ start drawn from `rng`,
 * then Lloyd iterations by ml-kmeans, which are deterministic from that start. Fewer distinct
 * points than k give fewer clusters; a single one needs no iterations.
 */
export function kmeansClusters(points: number[][], k: number, rng: Rng): { clusterOf: number[]; clusters: number } {
  const initial = kmeansPlusPlus(points, k, rng);
  const clusterOf =
    initial.length === 1 ? new Array<number>(points.length).fill(0) : kmeans(points, initial.length, { initialization: initial, maxIterations: 100 }).clusters;
  return { clusterOf, clusters: initial.length };
}
