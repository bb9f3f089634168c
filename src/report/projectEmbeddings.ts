import { PCA } from 'ml-pca';

/**
 * The vectors projected on their first two principal components (ml-pca, centred, not scaled:
 * the structural embedder's blocks are already weighted). Null vectors stay null; with fewer than
 * two vectors, or no variance, every point lands at the origin.
 */
export function projectEmbeddings(vectors: readonly (Float64Array | null)[]): ({ x: number; y: number } | null)[] {
  const present = vectors.flatMap((v, i) => (v ? [i] : []));
  const out: ({ x: number; y: number } | null)[] = vectors.map(() => null);
  if (present.length === 0) return out;
  const data = present.map((i) => Array.from(vectors[i]!));
  let coords: number[][] = data.map(() => [0, 0]);
  if (data.length >= 2) {
    const pca = new PCA(data, { center: true, scale: false });
    const components = Math.min(2, pca.getEigenvalues().length);
    const projected = pca.predict(data, { nComponents: components }).to2DArray();
    coords = projected.map((row) => [finite(row[0]), finite(row[1])]);
  }
  present.forEach((i, j) => {
    out[i] = { x: coords[j][0], y: coords[j][1] };
  });
  return out;
}

function finite(v: number | undefined): number {
  return v !== undefined && Number.isFinite(v) ? v : 0;
}
