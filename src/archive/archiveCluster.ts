import { structuralEmbedder } from '../embed/structuralEmbedder.js';
import type { Embedder } from '../embed/types.js';
import { answerSummary } from './answerSummary.js';
import { DEFAULT_CLUSTER_SEED } from './defaultClusterSeed.js';
import { formatWarning, readRun } from '../run/readRun.js';
import { clusterEntries, type ArchiveClustering } from './clusterEntries.js';
import { terminalSafe } from '../util/terminalSafe.js';

export interface ArchiveClusterOptions {
  /** Prototypes listed per cluster (closest to the centroid first). Default 3. */
  readonly prototypes?: number;
  /** Seed of the k-means++ start. Default `sagga`. */
  readonly seed?: string;
  /** Default: the structural embedder. */
  readonly embedder?: Embedder;
}

export interface ArchiveClusterResult {
  readonly output: string;
  readonly clustering: ArchiveClustering;
  readonly warnings: readonly string[];
}

export { DEFAULT_CLUSTER_SEED };

/**
 * `sagga archive cluster DIR -k K`: k-means over the archive's embeddings, and for each cluster
 * its size and prototypes (the problems nearest the centroid) with the model's answer and the
 * verifier's reason, as plain text. Control characters of the model's text are replaced so that
 * it cannot drive the terminal.
 */
export async function archiveCluster(dir: string, k: number, options: ArchiveClusterOptions = {}): Promise<ArchiveClusterResult> {
  if (!Number.isInteger(k) || k < 1) throw new Error(`archive cluster: k must be a positive integer, got ${k}`);
  const run = readRun(dir);
  const embedder = options.embedder ?? structuralEmbedder();
  const clustering = await clusterEntries(run.entries, k, { embedder, seed: options.seed ?? DEFAULT_CLUSTER_SEED });
  const prototypes = Math.max(1, Math.floor(options.prototypes ?? 3));
  const total = run.entries.length;
  const lines: string[] = [
    `${run.name}: ${total} archived problem(s) in ${clustering.clusters.length} cluster(s) (k-means on ${clustering.embedder} embeddings)`,
  ];
  const unclustered = clustering.clusterOf.filter((c) => c === null).length;
  if (unclustered > 0) lines.push(`${unclustered} problem(s) do not parse and are not clustered`);
  for (const cluster of clustering.clusters) {
    const share = total > 0 ? ` (${((100 * cluster.members.length) / total).toFixed(1)}%)` : '';
    lines.push('', `Cluster ${cluster.index + 1} · ${cluster.members.length} problem(s)${share}`);
    cluster.members.slice(0, prototypes).forEach((i, n) => {
      const entry = run.entries[i];
      const answer = answerSummary(entry);
      lines.push(`  ${n + 1}. ${terminalSafe(entry.problem)}    [${terminalSafe(entry.kind)}, length ${entry.length}, generation ${entry.generation}]`);
      lines.push(`     answer: ${answer.text === '' ? '(none)' : terminalSafe(answer.text)}`);
      const verdict = [answer.verdict, answer.reason].filter((s): s is string => s !== null && s !== '').map(terminalSafe);
      if (verdict.length > 0) lines.push(`     verifier: ${verdict.join(': ')}`);
    });
  }
  return { output: lines.join('\n'), clustering, warnings: run.warnings.map(formatWarning) };
}
