import type { Embedder } from '../embed/types.js';
import type { Expr } from '../expr/types.js';
import { kmeansClusters } from '../cluster/kmeansClusters.js';
import { createRng } from '../util/rng.js';
import { problemTree } from './problemMetrics.js';
import type { ArchiveLine } from '../run/runSchema.js';
import { squaredDistance } from '../util/squaredDistance.js';

export interface ArchiveCluster {
  /** 0-based, clusters numbered by decreasing size. */
  readonly index: number;
  /** Indices into the clustered entries, closest to the centroid first (prototypes first). */
  readonly members: readonly number[];
  readonly centroid: readonly number[];
}

export interface ArchiveClustering {
  readonly clusters: readonly ArchiveCluster[];
  /** Cluster of each entry, null for an entry whose problem does not parse (not clustered). */
  readonly clusterOf: readonly (number | null)[];
  /** Embedding of each entry, null when not clustered. */
  readonly vectors: readonly (Float64Array | null)[];
  readonly embedder: string;
}

export interface ClusterOptions {
  readonly embedder: Embedder;
  /** Seed of the k-means++ start (k-means itself is deterministic from there). */
  readonly seed: string;
}

/**
 * Group archived problems by structure: embed them (the run's structural embedder by default), run
 * k-means with a seeded k-means++ start (as the search's seed selection does), and order each
 * cluster's members by distance to its centroid, so the first few are its prototypes. `k` is a
 * positive integer (the callers check or clamp it).
 */
export async function clusterEntries(entries: readonly ArchiveLine[], k: number, options: ClusterOptions): Promise<ArchiveClustering> {
  const trees: (Expr | null)[] = entries.map(problemTree);
  const parsedIndex: number[] = [];
  trees.forEach((t, i) => {
    if (t !== null) parsedIndex.push(i);
  });
  const embedded = parsedIndex.length > 0 ? await options.embedder.embed(parsedIndex.map((i) => trees[i]!)) : [];
  const vectors: (Float64Array | null)[] = entries.map(() => null);
  parsedIndex.forEach((entryIndex, j) => {
    vectors[entryIndex] = embedded[j];
  });
  const clusterOf: (number | null)[] = entries.map(() => null);
  if (parsedIndex.length === 0) return { clusters: [], clusterOf, vectors, embedder: options.embedder.name };

  const points = embedded.map((v) => Array.from(v));
  const assignment = kmeansClusters(points, k, createRng(options.seed)).clusterOf;

  const groups = new Map<number, number[]>();
  assignment.forEach((c, j) => {
    const list = groups.get(c);
    if (list) list.push(j);
    else groups.set(c, [j]);
  });
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length || a[0] - b[0]);
  const clusters: ArchiveCluster[] = ordered.map((members, index) => {
    const centroid = meanVector(members.map((j) => points[j]));
    const byDistance = members
      .map((j) => ({ j, d: squaredDistance(points[j], centroid) }))
      .sort((a, b) => a.d - b.d || a.j - b.j)
      .map(({ j }) => parsedIndex[j]);
    for (const entryIndex of byDistance) clusterOf[entryIndex] = index;
    return { index, members: byDistance, centroid };
  });
  return { clusters, clusterOf, vectors, embedder: options.embedder.name };
}

function meanVector(points: readonly number[][]): number[] {
  const out = new Array<number>(points[0].length).fill(0);
  for (const p of points) for (let i = 0; i < p.length; i++) out[i] += p[i];
  return out.map((v) => v / points.length);
}
