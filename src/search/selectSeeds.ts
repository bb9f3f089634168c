import type { Rng } from '../util/rng.js';
import { kmeansClusters } from '../cluster/kmeansClusters.js';
import type { SeedSelection } from '../run/runSchema.js';

export type { SeedSelection };
export const SEED_SELECTIONS: readonly SeedSelection[] = ['elites', 'kmeans', 'fitness', 'random'];

/** One candidate that may become a seed. */
export interface SeedCandidate {
  readonly key: string;
  readonly fitness: number;
  /** Needed by `kmeans`; ignored by `fitness`. */
  readonly embedding?: Float64Array;
}

export interface SelectSeedsOptions {
  /** How many seeds to return at most. */
  readonly seedSize: number;
  /** k of k-means. */
  readonly clusters: number;
  readonly method: SeedSelection;
}

export interface SeedSelectionResult<T> {
  readonly seeds: T[];
  /** Cluster of each pool member (same order as the pool); empty for `fitness` or a pool that needed no clustering. */
  readonly clusterOf: number[];
  /** Clusters actually used (fewer than asked when the pool has fewer distinct points). */
  readonly clusters: number;
}

/**
 * The next seeds (Algorithm 1's selection step). `kmeans`: cluster the pool's embeddings into k
 * clusters (k-means++ start drawn from `rng`, then Lloyd iterations by ml-kmeans) and take the
 * seedSize/k fittest of every cluster, so that the seeds stay diverse; slots a small cluster cannot
 * fill go to the fittest of the rest. `fitness`: simply the seedSize fittest. Ties go to the earlier
 * pool member, so the result depends only on the pool order and the generator.
 */
export function selectSeeds<T extends SeedCandidate>(pool: readonly T[], options: SelectSeedsOptions, rng: Rng): SeedSelectionResult<T> {
  const seedSize = Math.max(0, Math.floor(options.seedSize));
  const byFitness = rankByFitness(pool);
  if (options.method === 'fitness' || pool.length <= seedSize) {
    return { seeds: byFitness.slice(0, seedSize).map((i) => pool[i]), clusterOf: [], clusters: 0 };
  }
  const points = pool.map((c, i) => {
    if (!c.embedding) throw new Error(`selectSeeds: pool member ${i} (${c.key}) has no embedding`);
    return Array.from(c.embedding);
  });
  const { clusterOf, clusters: k } = kmeansClusters(points, Math.max(1, Math.floor(options.clusters)), rng);

  const members: number[][] = Array.from({ length: k }, () => []);
  for (const i of byFitness) members[clusterOf[i]].push(i);
  const quota = Math.floor(seedSize / k);
  const chosen = new Set<number>();
  for (const cluster of members) for (const i of cluster.slice(0, quota)) chosen.add(i);
  for (const i of byFitness) {
    if (chosen.size >= seedSize) break;
    chosen.add(i);
  }
  const seeds = byFitness.filter((i) => chosen.has(i)).map((i) => pool[i]);
  return { seeds, clusterOf, clusters: k };
}

function rankByFitness(pool: readonly SeedCandidate[]): number[] {
  return pool
    .map((_, i) => i)
    .sort((a, b) => {
      const fa = Number.isFinite(pool[a].fitness) ? pool[a].fitness : -Infinity;
      const fb = Number.isFinite(pool[b].fitness) ? pool[b].fitness : -Infinity;
      return fb - fa || a - b;
    });
}
