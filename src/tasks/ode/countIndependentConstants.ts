import type { Expr } from '../../expr/types.js';
import { createComplexEvaluator, type Evaluated } from '../../verify/evalComplex.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';

/** Points the solutions are compared at: enough for two dimensions many times over. */
const POINTS = 24;
/** Largest |x| used: beyond it exponential solutions dwarf the others. */
const MAX_ABS_X = 20;
/** A difference's value is used only where its error bound is this small against it. */
const RESOLVED = 1e-9;
/** A direction is independent when more than this (relative) is left of it after projecting out the others. */
const INDEPENDENT = 1e-6;

/**
 * How many independent constants a family of solutions has, measured on `solutions`: the family at
 * several random values of its constants (C1 = 0.73, C2 = -2.4 …). The differences y_j − y_0 of
 * solutions of a linear equation solve its homogeneous part, so the dimension they span is the
 * number of directions the constants move the answer in: 2 for C1·cos(2x) + C2·sin(2x) or
 * C1·sin(2x + C2), 1 for (C1 + C2)·cos(2x). That dimension is the rank of the differences' values at
 * the points (at most 24, |x| ≤ 20, where every solution is finite and resolved), each point's column
 * scaled to its largest value (which keeps the rank and lets small and large scales count alike),
 * found by Gram–Schmidt with pivoting.
 */
export function countIndependentConstants(
  solutions: readonly Expr[],
  points: readonly number[],
  meter: WorkMeter,
): { ok: true; rank: number } | { ok: false; reason: string } {
  if (solutions.length < 2) return { ok: true, rank: 0 };
  let evaluators: ((x: number) => Evaluated)[];
  try {
    evaluators = solutions.map((y) => {
      const tape = compileTape(y);
      meter.left -= tape.instrs.length * POINTS;
      return createComplexEvaluator(tape);
    });
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, reason: `the answer is too large to evaluate: ${error.message}` };
    throw error;
  }
  const chosen = [...points].filter((x) => Math.abs(x) <= MAX_ABS_X).sort((a, b) => Math.abs(Math.log(Math.abs(a))) - Math.abs(Math.log(Math.abs(b))));
  // Rows: the differences y_j − y_0; columns: a point's real and imaginary parts.
  const rows: number[][] = solutions.slice(1).map(() => []);
  let columns = 0;
  for (const x of chosen) {
    if (columns >= POINTS) break;
    const values = evaluators.map((evaluate) => evaluate(x));
    if (!values.every((v) => Number.isFinite(v.re) && Number.isFinite(v.im) && Number.isFinite(v.err))) continue;
    const diffs = values.slice(1).map((v) => ({ re: v.re - values[0].re, im: v.im - values[0].im, err: v.err + values[0].err }));
    const scale = Math.max(...diffs.map((d) => Math.hypot(d.re, d.im)));
    if (scale === 0) {
      columns++;
      continue;
    }
    if (diffs.some((d) => d.err > RESOLVED * scale)) continue;
    diffs.forEach((d, j) => rows[j].push(d.re / scale, d.im / scale));
    columns++;
  }
  if (columns < Math.min(POINTS, solutions.length + 2)) {
    return { ok: false, reason: `the answer could be compared at only ${columns} points to count its independent constants` };
  }
  return { ok: true, rank: rank(rows) };
}

/** The numerical rank of the rows, by modified Gram–Schmidt taking the largest remaining row first. */
function rank(rows: number[][]): number {
  const left = rows.map((r) => ({ v: r.slice(), norm: Math.hypot(...r) })).filter((r) => r.norm > 0);
  let found = 0;
  while (left.length > 0) {
    left.sort((a, b) => Math.hypot(...b.v) / b.norm - Math.hypot(...a.v) / a.norm);
    const pivot = left.shift()!;
    const size = Math.hypot(...pivot.v);
    if (size <= INDEPENDENT * pivot.norm) break;
    found++;
    const unit = pivot.v.map((c) => c / size);
    for (const r of left) {
      let dot = 0;
      for (let i = 0; i < unit.length; i++) dot += unit[i] * r.v[i];
      for (let i = 0; i < unit.length; i++) r.v[i] -= dot * unit[i];
    }
  }
  return found;
}
