import { toInfix } from './toInfix.js';
import { toPrefix } from './toPrefix.js';
import type { Expr } from './types.js';

export interface ExprMetrics {
  /** Length of the canonical infix text (the SAGGA reference measured len(str(sympy_expr))). */
  readonly chars: number;
  /** Number of Lample–Charton prefix tokens. */
  readonly tokens: number;
  /** Number of tree nodes. */
  readonly nodes: number;
  /** Longest root-to-leaf path, counting nodes (a single leaf has depth 1). */
  readonly depth: number;
  /** Top-level summands, nested sums counted flat (1 when the root is not a sum). */
  readonly terms: number;
}

/** Size measures of a tree, each linear in its size. */
export function metrics(e: Expr): ExprMetrics {
  const { nodes, depth } = countNodes(e);
  return { chars: toInfix(e).length, tokens: toPrefix(e).length, nodes, depth, terms: countTerms(e) };
}

/** Node count and depth in one iterative pass (no recursion limit on deep trees). */
export function countNodes(root: Expr): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: Array<[Expr, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [e, d] = stack.pop()!;
    nodes++;
    if (d > depth) depth = d;
    if (e.type !== 'num' && e.type !== 'sym') for (const c of e.args) stack.push([c, d + 1]);
  }
  return { nodes, depth };
}

/** Top-level summands, nested sums counted flat (ExprMetrics.terms). */
export function countTerms(e: Expr): number {
  if (e.type !== 'add') return 1;
  let n = 0;
  for (const c of e.args) n += countTerms(c);
  return n;
}
