import type { Domain } from './domain.js';
import { SAMPLE_POINTS } from './samplePoints.js';

/** Points spread evenly over a finite domain, in addition to the usual ones that fall inside it. */
const SPREAD_POINTS = 64;
/** Offset of the spread points within their cells: not a simple fraction, so that a problem singular
 * at the middle or the thirds of its interval is not hit. */
const CELL_OFFSET = 0.5137;
const cache = new Map<string, readonly number[]>();
const CACHE_SIZE = 64;

/**
 * The sample points inside `domain` (all of SAMPLE_POINTS without one): those of SAMPLE_POINTS that
 * fall inside, interleaved with points made for the interval (spread evenly over a finite one, at the
 * usual magnitudes away from the finite end of a half-line), so that a short interval still gets
 * enough points and any prefix of the list already spans it.
 */
export function samplePointsIn(domain?: Domain): readonly number[] {
  if (domain === undefined || (domain.lo === -Infinity && domain.hi === Infinity)) return SAMPLE_POINTS;
  const key = `${domain.lo},${domain.hi}`;
  let points = cache.get(key);
  if (points === undefined) {
    points = build(domain);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, points);
  }
  return points;
}

function build({ lo, hi }: Domain): number[] {
  const inside = (x: number) => x > lo && x < hi;
  const usual = SAMPLE_POINTS.filter(inside);
  const magnitudes = SAMPLE_POINTS.filter((x) => x > 0);
  let made: number[];
  if (Number.isFinite(lo) && Number.isFinite(hi)) {
    made = bitReversedOrder(SPREAD_POINTS).map((i) => lo + ((i + CELL_OFFSET) / SPREAD_POINTS) * (hi - lo));
  } else if (Number.isFinite(lo)) made = magnitudes.map((m) => lo + m);
  else made = magnitudes.map((m) => hi - m);
  const seen = new Set<number>();
  const points: number[] = [];
  for (let i = 0; i < Math.max(made.length, usual.length); i++) {
    for (const x of [made[i], usual[i]]) {
      if (x === undefined || !inside(x) || seen.has(x)) continue;
      seen.add(x);
      points.push(x);
    }
  }
  return points;
}

/** 0 … n-1 (n a power of two) in bit-reversed order, so that every prefix is spread evenly. */
function bitReversedOrder(n: number): number[] {
  const bits = Math.log2(n);
  return Array.from({ length: n }, (_, i) => {
    let r = 0;
    for (let b = 0; b < bits; b++) if (i & (1 << b)) r |= 1 << (bits - 1 - b);
    return r;
  });
}
