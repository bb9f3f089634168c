import { describe, expect, test } from 'vitest';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { parseExpr } from '../../src/expr/parse.js';
import { add, fn, mul, num, sin, sym, X, type Expr } from './tedFixtures.js';
import { nodeLabel, treeEditDistance } from '../../src/expr/treeEditDistance.js';
import { createRng } from '../../src/util/rng.js';

const ted = (a: string, b: string) => treeEditDistance(parseExpr(a), parseExpr(b));

/**
 * Ordered forest edit distance straight from its recursive definition (exponential without the
 * memo, quadratic-ish with it): an independent check of the Zhang–Shasha dynamic programme.
 */
function naiveDistance(a: Expr, b: Expr): number {
  type Forest = readonly Expr[];
  const kids = (e: Expr): Forest => (e.type === 'num' || e.type === 'sym' ? [] : e.args);
  const size = (f: Forest): number => f.reduce((s, t) => s + 1 + size(kids(t)), 0);
  const key = (f: Forest) => JSON.stringify(f);
  const memo = new Map<string, number>();
  const d = (f: Forest, g: Forest): number => {
    if (f.length === 0) return size(g);
    if (g.length === 0) return size(f);
    const k = key(f) + '|' + key(g);
    const hit = memo.get(k);
    if (hit !== undefined) return hit;
    const v = f[f.length - 1];
    const w = g[g.length - 1];
    const fRest = f.slice(0, -1);
    const gRest = g.slice(0, -1);
    const result = Math.min(
      d([...fRest, ...kids(v)], g) + 1,
      d(f, [...gRest, ...kids(w)]) + 1,
      d(fRest, gRest) + d(kids(v), kids(w)) + (nodeLabel(v) === nodeLabel(w) ? 0 : 1),
    );
    memo.set(k, result);
    return result;
  };
  return d([a], [b]);
}

describe('treeEditDistance', () => {
  test('known small distances', () => {
    expect(ted('x', 'x')).toBe(0);
    expect(ted('x', '1')).toBe(1);
    expect(ted('x^2', 'x^3')).toBe(1);
    expect(ted('sin(x)', 'cos(x)')).toBe(1);
    expect(ted('x', 'x + 1')).toBe(2); // insert add and 1
    expect(ted('sin(x)', 'x')).toBe(1);
    expect(ted('x + 1', 'x*1')).toBe(1);
    expect(ted('x^2 + x + 1', 'x')).toBe(5);
    expect(ted('2*x + 1', '1 + 2*x')).toBe(2); // ordered trees: move 1 = delete + insert
  });

  test('the classic Zhang–Shasha example has distance 2', () => {
    // f(d(a, c(b)), e) vs f(c(d(a, b)), e), with f = add, d = mul, c = sin, a = x, b = 1, e = pi.
    const t1 = add(mul(X, sin(num(1))), sym('pi'));
    const t2 = add(sin(mul(X, num(1))), sym('pi'));
    expect(treeEditDistance(t1, t2)).toBe(2);
    expect(treeEditDistance(t2, t1)).toBe(2);
  });

  test('labels are kind plus function, symbol or value', () => {
    expect(treeEditDistance(fn('exp', X), fn('log', X))).toBe(1);
    expect(treeEditDistance(sym('pi'), sym('e'))).toBe(1);
    expect(treeEditDistance(num(2), num(2.5))).toBe(1);
  });

  test('agrees with the recursive definition on random mutants', () => {
    const rng = createRng('ted');
    const cfg = resolveMutationConfig('distance', { vmin: 1, vmax: 3 });
    const pool: Expr[] = [parseExpr('x^2 + x + 1'), parseExpr('2*sin(2*x)'), parseExpr('x/(x + 1)')];
    for (let i = 0; i < 40; i++) pool.push(mutate(rng.pick(pool), rng, cfg));
    const small = pool.filter((e) => JSON.stringify(e).length < 260);
    let compared = 0;
    for (let i = 0; i < small.length; i++) {
      for (let j = i + 1; j < small.length && j < i + 4; j++) {
        expect(treeEditDistance(small[i], small[j])).toBe(naiveDistance(small[i], small[j]));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });
});
