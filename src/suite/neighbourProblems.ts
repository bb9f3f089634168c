import { simplify } from '../expr/simplify.js';
import { add, div, fn, mul, num, X } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { SuiteProblem } from './suiteTypes.js';

/**
 * The neighbours of each solved base problem f: k·f and f/k with k drawn from 1 to 100,
 * f + exp(x) and f + ln(x), each labelled by its neighbourhood and the base problem's group.
 */
export function neighbourProblems(solved: readonly SuiteProblem[], rng: Rng): SuiteProblem[] {
  const neighbours: SuiteProblem[] = [];
  for (const b of solved) {
    const group = b.row[0];
    const k1 = rng.int(1, 100);
    const k2 = rng.int(1, 100);
    neighbours.push(
      { id: `k*f ${k1} ${b.id}`, row: ['k*f', group], expr: simplify(mul(num(k1), b.expr)) },
      { id: `f/k ${k2} ${b.id}`, row: ['f/k', group], expr: simplify(div(b.expr, num(k2))) },
      { id: `f+exp(x) ${b.id}`, row: ['f + exp(x)', group], expr: simplify(add(b.expr, fn('exp', X))) },
      { id: `f+ln(x) ${b.id}`, row: ['f + ln(x)', group], expr: simplify(add(b.expr, fn('log', X))) },
    );
  }
  return neighbours;
}
