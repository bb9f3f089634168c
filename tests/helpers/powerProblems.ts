import { parseExpr } from '../../src/expr/parse.js';
import type { AskedProblem } from '../../src/search/searchTypes.js';

/** `count` asked problems of generation 1, x^2, x^3, …, keyed k0, k1, …: distinct, valid, and cheap. */
export function powerProblems(count: number): AskedProblem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `g1-${i}`,
    key: `k${i}`,
    expr: parseExpr(`x^${i + 2}`),
    infix: `x^${i + 2}`,
    latex: '',
    parent: 'x',
    attempt: 0,
  }));
}
