import type { Expr } from '../src/expr/types.js';

export interface TreeScan {
  nodes: number;
  depth: number;
  maxAbs: number;
  nonFinite: boolean;
  hasX: boolean;
}

/**
 * Count nodes and depth, find the largest literal and whether any literal is non-finite, and
 * whether x occurs — in one walk that stops once more than `stopAtNodes` nodes have been seen (the
 * other figures are then partial, which is fine: the node limit has already failed).
 */
export function scanTree(root: Expr, stopAtNodes: number): TreeScan {
  const s: TreeScan = { nodes: 0, depth: 0, maxAbs: 0, nonFinite: false, hasX: false };
  const stack: Expr[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0 && s.nodes <= stopAtNodes) {
    const e = stack.pop()!;
    const d = depths.pop()!;
    s.nodes++;
    if (d > s.depth) s.depth = d;
    if (e.type === 'num') {
      if (!Number.isFinite(e.value)) s.nonFinite = true;
      else if (Math.abs(e.value) > s.maxAbs) s.maxAbs = Math.abs(e.value);
    } else if (e.type === 'sym') {
      if (e.name === 'x') s.hasX = true;
    } else {
      for (const c of e.args) {
        stack.push(c);
        depths.push(d + 1);
      }
    }
  }
  return s;
}
