/**
 * Cosine distance 1 − a·b / (|a| |b|), in [0, 2]. A zero vector has no direction; it is taken as
 * orthogonal to everything (distance 1) rather than producing NaN.
 */
export function cosineDistance(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) throw new RangeError(`cosineDistance: dimensions differ (${a.length} vs ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  if (na === 0 || nb === 0) return 1;
  const d = 1 - dot / Math.sqrt(na * nb);
  return d < 0 ? 0 : d > 2 ? 2 : d;
}
