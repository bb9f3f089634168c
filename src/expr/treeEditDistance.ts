import type { Expr } from './types.js';

/** A tree flattened for Zhang–Shasha: post-order labels, leftmost-leaf indices and keyroots. */
export interface PreparedTree {
  readonly labels: readonly string[];
  /** lml[i]: post-order index of the leftmost leaf under node i. */
  readonly lml: Int32Array;
  readonly keyroots: Int32Array;
}

/** The label compared by the edit distance: the node kind, and the function, symbol or value. */
export function nodeLabel(e: Expr): string {
  switch (e.type) {
    case 'num':
      return `num:${e.value}`;
    case 'sym':
      return `sym:${e.name}`;
    case 'fn':
      return `fn:${e.name}`;
    default:
      return e.type;
  }
}

export function prepareTree(root: Expr): PreparedTree {
  const labels: string[] = [];
  const lmlList: number[] = [];
  const visit = (e: Expr): number => {
    let leftmost = -1;
    if (e.type !== 'num' && e.type !== 'sym') {
      for (const c of e.args) {
        const childLeftmost = visit(c);
        if (leftmost < 0) leftmost = childLeftmost;
      }
    }
    const index = labels.length;
    labels.push(nodeLabel(e));
    lmlList.push(leftmost < 0 ? index : leftmost);
    return lmlList[index];
  };
  visit(root);
  const n = labels.length;
  // A keyroot is the root or a node with a left sibling: the highest node for each leftmost leaf.
  const seen = new Set<number>();
  const keyroots: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    if (!seen.has(lmlList[i])) {
      seen.add(lmlList[i]);
      keyroots.push(i);
    }
  }
  keyroots.reverse();
  return { labels, lml: Int32Array.from(lmlList), keyroots: Int32Array.from(keyroots) };
}

/**
 * Zhang–Shasha ordered tree edit distance with unit costs (insert, delete, relabel a node), on
 * prepared trees. Operand order counts, so compare simplified (canonically ordered) trees.
 */
export function preparedTreeEditDistance(a: PreparedTree, b: PreparedTree): number {
  const n = a.labels.length;
  const m = b.labels.length;
  const td = new Int32Array(n * m);
  const fd = new Int32Array((n + 1) * (m + 1));
  const w = m + 1;
  for (const i of a.keyroots) {
    for (const j of b.keyroots) {
      const li = a.lml[i];
      const lj = b.lml[j];
      // fd is indexed from (li-1, lj-1) = (0, 0): row r is node li-1+r, column c is node lj-1+c.
      const rows = i - li + 2;
      const cols = j - lj + 2;
      fd[0] = 0;
      for (let r = 1; r < rows; r++) fd[r * w] = fd[(r - 1) * w] + 1;
      for (let c = 1; c < cols; c++) fd[c] = fd[c - 1] + 1;
      for (let r = 1; r < rows; r++) {
        const x = li + r - 1;
        for (let c = 1; c < cols; c++) {
          const y = lj + c - 1;
          const del = fd[(r - 1) * w + c] + 1;
          const ins = fd[r * w + c - 1] + 1;
          let best = del < ins ? del : ins;
          if (a.lml[x] === li && b.lml[y] === lj) {
            const rel = fd[(r - 1) * w + c - 1] + (a.labels[x] === b.labels[y] ? 0 : 1);
            if (rel < best) best = rel;
            fd[r * w + c] = best;
            td[x * m + y] = best;
          } else {
            const pr = a.lml[x] - li;
            const pc = b.lml[y] - lj;
            const sub = fd[pr * w + pc] + td[x * m + y];
            if (sub < best) best = sub;
            fd[r * w + c] = best;
          }
        }
      }
    }
  }
  return td[(n - 1) * m + (m - 1)];
}

/** Zhang–Shasha tree edit distance (unit costs) between two expression trees; labels from `nodeLabel`. */
export function treeEditDistance(a: Expr, b: Expr): number {
  return preparedTreeEditDistance(prepareTree(a), prepareTree(b));
}
