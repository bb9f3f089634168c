/**
 * The points at which f and F' are compared, in the order they are tried: magnitudes from 1e-4 to
 * 1e3 on both signs (a log-spaced grid, offset so that it avoids the integers and simple fractions
 * where problems are singular), AntiderivBench's ±i and ±1/i for i up to 1000, and a dense grid on
 * [-10, 10] so that problems defined only on a short interval still get enough points.
 *
 * The magnitudes are visited in van der Corput order over their sorted list, each with both signs,
 * so that any prefix of the sequence already spans all scales: the verifier may stop early.
 */
export const SAMPLE_POINTS: readonly number[] = buildPoints();

function buildPoints(): number[] {
  const magnitudes = new Set<number>();
  for (let k = -16; k <= 12; k++) magnitudes.add(10 ** (k / 4 + 0.0113));
  for (const i of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 30, 50, 100, 200, 500, 1000]) {
    magnitudes.add(i);
    magnitudes.add(1 / i);
  }
  for (let v = 0.013; v < 10; v += 0.37) magnitudes.add(v);
  const sorted = [...magnitudes].sort((a, b) => a - b);
  const order = sorted.map((_, i) => i).sort((a, b) => radicalInverse(a) - radicalInverse(b));
  return order.flatMap((i) => [sorted[i], -sorted[i]]);
}

function radicalInverse(i: number): number {
  let r = 0;
  let f = 0.5;
  for (let n = i; n > 0; n >>= 1, f /= 2) if (n & 1) r += f;
  return r;
}
