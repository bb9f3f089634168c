import { compileReal } from '../../expr/evalReal.js';
import { countNodes } from '../../expr/metrics.js';
import type { Expr } from '../../expr/types.js';
import type { WorkMeter } from '../../verify/workMeter.js';

/** Where one critical subtree vanishes (`zero`: it changes sign; `touch`: it touches 0 without
 * changing sign) or stops being real (`boundary`), found in double precision. */
export interface CriticalPoint {
  readonly x: number;
  readonly subtree: Expr;
  readonly kind: 'zero' | 'touch' | 'boundary';
}

/** Points of the scan over a finite range; a range with an infinite end gets as many again spread over its scales. */
const GRID_POINTS = 240;
/** Halvings of a bracket in doubles: far past the 52 bits of its ends. */
const BISECTIONS = 80;
/** A local minimum of |g| below this share of its scale on the grid is a zero that does not change sign. */
const TOUCH_SHARE = 1e-12;
/** Most points kept: past it the scan reports what it found first, in order along the range. */
export const MAX_CRITICAL_POINTS = 64;

/**
 * Zeros and real-domain boundaries of each of `subtrees` on [lo, hi] (either end may be infinite),
 * from a fixed grid in double precision: sign changes are bisected, local minima of |g| near 0
 * refined by golden sections, and a switch between real and not real bisected to its boundary.
 * Deterministic, with its work (the nodes of each subtree per evaluation) paid from `meter`; the
 * points come back sorted and without repeats.
 */
export function findCriticalPoints(subtrees: readonly Expr[], lo: number, hi: number, meter: WorkMeter): CriticalPoint[] | 'exhausted' {
  const grid = scanGrid(lo, hi);
  const points: CriticalPoint[] = [];
  for (const subtree of subtrees) {
    const f = compileReal(subtree);
    if (f === undefined) continue;
    const cost = countNodes(subtree).nodes;
    const g = (x: number): number => {
      meter.left -= cost;
      return f(x);
    };
    const values = grid.map(g);
    if (meter.left < 0) return 'exhausted';
    let scale = 0;
    for (const v of values) if (Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
    for (let i = 0; i < grid.length; i++) {
      const v = values[i];
      if (v === 0) points.push({ x: grid[i], subtree, kind: 'zero' });
      if (i === 0) continue;
      const u = values[i - 1];
      // Overflow (cosh(1000) = ∞) is still real: only NaN leaves the real domain.
      const real = !Number.isNaN(v);
      const wasReal = !Number.isNaN(u);
      if (Number.isFinite(v) && Number.isFinite(u) && u !== 0 && v !== 0 && u < 0 !== v < 0) {
        points.push({ x: bisect(g, grid[i - 1], grid[i], (y) => y < 0 === u < 0), subtree, kind: 'zero' });
      } else if (real !== wasReal) {
        points.push({ x: bisect(g, grid[i - 1], grid[i], (y) => !Number.isNaN(y) === wasReal), subtree, kind: 'boundary' });
      } else if (i + 1 < grid.length && Number.isFinite(v) && Number.isFinite(u) && v !== 0) {
        const w = values[i + 1];
        if (Number.isFinite(w) && Math.abs(v) < Math.abs(u) && Math.abs(v) < Math.abs(w) && v < 0 === w < 0 && v < 0 === u < 0) {
          const x = goldenMinimum(g, grid[i - 1], grid[i + 1]);
          if (Math.abs(g(x)) <= TOUCH_SHARE * scale) points.push({ x, subtree, kind: 'touch' });
        }
      }
    }
    if (meter.left < 0) return 'exhausted';
  }
  points.sort((p, q) => p.x - q.x);
  const unique: CriticalPoint[] = [];
  for (const p of points) {
    const last = unique[unique.length - 1];
    if (last !== undefined && Math.abs(p.x - last.x) <= 4 * Number.EPSILON * Math.max(1, Math.abs(p.x))) continue;
    if (p.x < lo || p.x > hi) continue;
    unique.push(p);
    if (unique.length >= MAX_CRITICAL_POINTS) break;
  }
  return unique;
}

/** The scan's points on [lo, hi]: evenly spaced over a finite range; over a tail, evenly near its
 * finite end and at every scale 10^-8 … 10^8 away from it (both tails from 0 on the whole line). */
function scanGrid(lo: number, hi: number): number[] {
  if (Number.isFinite(lo) && Number.isFinite(hi))
    return Array.from({ length: GRID_POINTS + 1 }, (_, i) => (i === GRID_POINTS ? hi : lo + ((hi - lo) * i) / GRID_POINTS));
  const tail = (from: number, direction: 1 | -1): number[] => {
    const near = Array.from({ length: GRID_POINTS / 2 }, (_, i) => from + (direction * 20 * i) / (GRID_POINTS / 2));
    const scales = Array.from({ length: GRID_POINTS / 2 }, (_, i) => from + direction * 10 ** (-8 + (16 * i) / (GRID_POINTS / 2 - 1)));
    return [...near, ...scales].sort((p, q) => direction * (p - q));
  };
  if (Number.isFinite(lo)) return tail(lo, 1);
  if (Number.isFinite(hi)) return tail(hi, -1).reverse();
  return [...tail(0, -1).reverse(), ...tail(0, 1).slice(1)];
}

/** The end of [a, b] where `side` stops holding, narrowed to adjacent doubles (side(g(a)) is true). */
function bisect(g: (x: number) => number, a: number, b: number, side: (y: number) => boolean): number {
  for (let k = 0; k < BISECTIONS; k++) {
    const m = a + (b - a) / 2;
    if (m === a || m === b) break;
    if (side(g(m))) a = m;
    else b = m;
  }
  const ga = Math.abs(g(a));
  const gb = Math.abs(g(b));
  return !Number.isNaN(ga) && (Number.isNaN(gb) || ga <= gb) ? a : b;
}

/** Where |g| is smallest on [a, b], by golden sections. */
function goldenMinimum(g: (x: number) => number, a: number, b: number): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let gc = Math.abs(g(c));
  let gd = Math.abs(g(d));
  for (let k = 0; k < BISECTIONS && c < d; k++) {
    if (!(gc >= gd)) {
      b = d;
      d = c;
      gd = gc;
      c = b - r * (b - a);
      gc = Math.abs(g(c));
    } else {
      a = c;
      c = d;
      gc = gd;
      d = a + r * (b - a);
      gd = Math.abs(g(d));
    }
  }
  return gc <= gd ? c : d;
}
