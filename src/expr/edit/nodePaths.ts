import { isLeaf, withArgs, type Expr } from '../types.js';
import type { Rng } from '../../util/rng.js';

/** A node's address: the child index taken at each step from the root ([] is the root). */
export type NodePath = readonly number[];

export type NodeKind = 'any' | 'leaf' | 'internal';

/**
 * Choose a node the way the reference does: walk a random root-to-leaf path (a uniformly random
 * child at every step), then stop at a uniformly random depth on it. With `kind` 'leaf' the walk
 * ends at the leaf; with 'internal' the depth is drawn among the path's internal nodes (the root
 * when the whole tree is one leaf).
 */
export function randomNodePath(tree: Expr, rng: Rng, kind: NodeKind = 'any'): NodePath {
  const steps: number[] = [];
  let node = tree;
  while (!isLeaf(node)) {
    const i = rng.int(0, node.args.length - 1);
    steps.push(i);
    node = node.args[i];
  }
  // steps.length + 1 nodes on the path; the last one is the leaf.
  let depth: number;
  if (kind === 'leaf') depth = steps.length;
  else if (kind === 'internal') depth = steps.length === 0 ? 0 : rng.int(0, steps.length - 1);
  else depth = rng.int(0, steps.length);
  return steps.slice(0, depth);
}

export function nodeAt(tree: Expr, path: NodePath): Expr {
  let node = tree;
  for (const i of path) {
    if (isLeaf(node)) throw new RangeError('path leads below a leaf');
    node = node.args[i];
  }
  return node;
}

/** A new tree with the node at `path` replaced; the input is not modified, untouched subtrees are shared. */
export function replaceAt(tree: Expr, path: NodePath, replacement: Expr, from = 0): Expr {
  if (from === path.length) return replacement;
  if (isLeaf(tree)) throw new RangeError('path leads below a leaf');
  const i = path[from];
  const args = tree.args.slice();
  args[i] = replaceAt(tree.args[i], path, replacement, from + 1);
  return withArgs(tree, args);
}

/** Paths of all numeric leaves, in pre-order. */
export function numberPaths(tree: Expr): NodePath[] {
  const out: NodePath[] = [];
  const walk = (e: Expr, path: number[]): void => {
    if (e.type === 'num') out.push(path.slice());
    else if (!isLeaf(e)) {
      for (let i = 0; i < e.args.length; i++) {
        path.push(i);
        walk(e.args[i], path);
        path.pop();
      }
    }
  };
  walk(tree, []);
  return out;
}
