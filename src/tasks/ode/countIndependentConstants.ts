import { instantiate, type ParameterValues } from '../../expr/edit/instantiate.js';
import type { ArbitraryConstant } from '../../expr/parameters.js';
import { replaceSymbols } from '../../expr/edit/replaceSymbols.js';
import type { Expr, SymName } from '../../expr/types.js';
import { derivative } from '../../verify/derivative.js';
import { createComplexEvaluator, type Evaluated } from '../../verify/evalComplex.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';

/** Points the directions are compared at: enough for two dimensions many times over. */
const POINTS = 24;
/** Largest |x| used: beyond it exponential solutions dwarf the others. */
const MAX_ABS_X = 20;
/** A value is used only where its error bound is this small against it. */
const RESOLVED = 1e-9;
/** A direction is independent when more than this (relative) is left of it after projecting out the others. */
const INDEPENDENT = 1e-6;
/**
 * Stands for x while a constant takes x's place to be differentiated: an answer reaching here has
 * no parameter left but its constants (the verifier instantiates the problem's first).
 */
const X_STANDIN = 'A';

/**
 * How many independent constants the answer y(x; C1, C2 …) has: the rank of its derivatives
 * ∂y/∂Ci, taken exactly (sagga's derivative, with Ci in x's place) at one random value of the
 * constants (`values`, C1 = 0.73, C2 = -2.4 …), as functions of x. That is the number of directions
 * the constants move the answer in: 2 for C1·cos(2x) + C2·sin(2x) or C1·sin(2x + C2), 1 for
 * (C1 + C2)·cos(2x) or C1·C2·e^x. Each derivative is evaluated on its own, so the part of y free of
 * the constants plays no part (e^(x + 399) + C1·e^(2x) shows C1 at every point) and a direction
 * thousands of orders of magnitude below another still counts. The rank is that of the derivatives'
 * values at the points (at most 24, |x| ≤ 20, where every value is finite and resolved), each point's
 * column scaled to its largest value, found by Gram–Schmidt with pivoting.
 */
export function countIndependentConstants(
  answer: Expr,
  constants: readonly ArbitraryConstant[],
  values: ParameterValues,
  points: readonly number[],
  meter: WorkMeter,
): { ok: true; rank: number } | { ok: false; reason: string } {
  if (constants.length === 0) return { ok: true, rank: 0 };
  let evaluators: ((x: number) => Evaluated)[];
  try {
    const partials: Expr[] = [];
    for (const c of constants) {
      const d = derivative(rename(answer, { x: X_STANDIN, [c]: 'x' }));
      if (!d.ok) return { ok: false, reason: `cannot differentiate the answer by ${c} to count its independent constants: ${d.reason}` };
      partials.push(instantiate(rename(d.expr, { x: c, [X_STANDIN]: 'x' }), values));
    }
    evaluators = partials.map((p) => {
      const tape = compileTape(p);
      meter.left -= tape.instrs.length * POINTS;
      return createComplexEvaluator(tape);
    });
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, reason: `the answer is too large to evaluate: ${error.message}` };
    throw error;
  }
  const chosen = [...points].filter((x) => Math.abs(x) <= MAX_ABS_X).sort((a, b) => Math.abs(Math.log(Math.abs(a))) - Math.abs(Math.log(Math.abs(b))));
  // Rows: the derivatives; columns: a point's real and imaginary parts.
  const rows: number[][] = constants.map(() => []);
  let columns = 0;
  for (const x of chosen) {
    if (columns >= POINTS) break;
    const at = evaluators.map((evaluate) => evaluate(x));
    if (!at.every((v) => Number.isFinite(v.re) && Number.isFinite(v.im) && Number.isFinite(v.err))) continue;
    if (at.some((v) => v.err > RESOLVED * Math.hypot(v.re, v.im))) continue;
    const scale = Math.max(...at.map((v) => Math.hypot(v.re, v.im)));
    if (scale > 0) at.forEach((v, j) => rows[j].push(v.re / scale, v.im / scale));
    columns++;
  }
  if (columns < Math.min(POINTS, constants.length + 4)) {
    return { ok: false, reason: `the answer could be compared at only ${columns} points to count its independent constants` };
  }
  return { ok: true, rank: rank(rows) };
}

/** e with its symbols renamed by `names` at once (x ↔ C1 swaps them). */
function rename(e: Expr, names: Readonly<Record<string, SymName>>): Expr {
  return replaceSymbols(e, (symbol) => (Object.hasOwn(names, symbol.name) ? { type: 'sym', name: names[symbol.name] } : undefined));
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
