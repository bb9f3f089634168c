import { describe, expect, test } from 'vitest';
import { nodeAt, numberPaths, randomNodePath, replaceAt } from '../../../src/expr/edit/nodePaths.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { num } from '../../../src/expr/types.js';
import { createRng } from '../../../src/util/rng.js';

describe('randomNodePath', () => {
  // x + 2*sin(x): root → x (1/2) gives the path [root, x]; root → mul (1/2) → 2 or sin (1/4
  // each); sin → x. A uniform depth on the path, hence:
  //   root: 1/2·1/2 + 1/4·1/3 + 1/4·1/4 = 19/48;  x (first): 1/4;  mul: 1/12 + 1/16 = 7/48;
  //   2: 1/12;  sin: 1/16;  x (in sin): 1/16.
  const tree = parseExpr('x + 2*sin(x)');
  const expected: Record<string, number> = { '': 19 / 48, '0': 1 / 4, '1': 7 / 48, '1,0': 1 / 12, '1,1': 1 / 16, '1,1,0': 1 / 16 };

  test('chooses a uniform depth on a uniformly random root-to-leaf path', () => {
    const rng = createRng('paths');
    const n = 20000;
    const counts: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const key = randomNodePath(tree, rng).join(',');
      counts[key] = (counts[key] ?? 0) + 1;
    }
    expect(Object.keys(counts).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, p] of Object.entries(expected)) {
      const sd = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(counts[key] / n - p)).toBeLessThan(5 * sd);
    }
  });

  test("'leaf' ends at a leaf and 'internal' at an internal node", () => {
    const rng = createRng('paths-kind');
    for (let i = 0; i < 200; i++) {
      const leaf = nodeAt(tree, randomNodePath(tree, rng, 'leaf'));
      expect(['num', 'sym']).toContain(leaf.type);
      const inner = nodeAt(tree, randomNodePath(tree, rng, 'internal'));
      expect(['add', 'mul', 'fn']).toContain(inner.type);
    }
    expect(randomNodePath(parseExpr('x'), rng, 'internal')).toEqual([]);
  });
});

describe('replaceAt and numberPaths', () => {
  test('replaceAt builds a new tree and leaves the input alone', () => {
    const tree = parseExpr('x + 2*sin(x)');
    const before = JSON.stringify(tree);
    const out = replaceAt(tree, [1, 1, 0], num(7));
    expect(out).toEqual(parseExpr('x + 2*sin(7)'));
    expect(JSON.stringify(tree)).toBe(before);
    expect(replaceAt(tree, [], num(1))).toEqual(num(1));
  });

  test('numberPaths lists every numeric leaf', () => {
    const tree = parseExpr('2*x^3 + 5/x + 1');
    expect(numberPaths(tree).map((p) => nodeAt(tree, p))).toEqual([num(2), num(3), num(5), num(1)]);
    expect(numberPaths(parseExpr('x*sin(x)'))).toEqual([]);
  });
});
