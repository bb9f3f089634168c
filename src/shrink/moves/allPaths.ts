import type { NodePath } from '../../expr/edit/nodePaths.js';
import { isLeaf, type Expr } from '../../expr/types.js';

/** Every node of the tree with its path, in pre-order (the root first). */
export function allPaths(tree: Expr): Array<{ readonly path: NodePath; readonly node: Expr }> {
  const out: Array<{ path: NodePath; node: Expr }> = [];
  const walk = (node: Expr, path: number[]): void => {
    out.push({ path: path.slice(), node });
    if (isLeaf(node)) return;
    for (let i = 0; i < node.args.length; i++) {
      path.push(i);
      walk(node.args[i], path);
      path.pop();
    }
  };
  walk(tree, []);
  return out;
}
