/** Squared Euclidean distance of two vectors of the same length (k-means works on it directly). */
export function squaredDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    s += d * d;
  }
  return s;
}
