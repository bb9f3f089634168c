import { describe, expect, test } from 'vitest';
import { metrics } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { add, fn, num, pow, X, type Expr } from '../../src/expr/types.js';

describe('metrics', () => {
  test('a leaf', () => {
    expect(metrics(X)).toEqual({ chars: 1, tokens: 1, nodes: 1, depth: 1, terms: 1 });
    expect(metrics(num(-12))).toEqual({ chars: 3, tokens: 3, nodes: 1, depth: 1, terms: 1 });
  });

  test('x^2 + 3*x - 1, counted by hand', () => {
    // add(pow(x, 2), mul(3, x), neg(1)): 1 + 3 + 3 + 2 nodes; depth add → pow → x.
    const m = metrics(parseExpr('x^2 + 3*x - 1'));
    expect(m).toEqual({ chars: 'x^2 + 3*x - 1'.length, tokens: 12, nodes: 9, depth: 3, terms: 3 });
  });

  test('terms count nested sums flat and are 1 for anything that is not a sum', () => {
    expect(metrics(add(X, add(num(1), add(X, X)))).terms).toBe(4);
    expect(metrics(parseExpr('-(x + 1)')).terms).toBe(1);
    expect(metrics(parseExpr('(x + 1)*(x + 2)')).terms).toBe(1);
    expect(metrics(parseExpr('sin(x + 1)')).terms).toBe(1);
  });

  test('depth and nodes of a chain', () => {
    let e: Expr = X;
    for (let i = 0; i < 150; i++) e = fn('sin', e);
    const m = metrics(e);
    expect(m.depth).toBe(151);
    expect(m.nodes).toBe(151);
    expect(m.chars).toBe(151 + 150 * 'sin()'.length - 150);
  });

  test('chars is the length of the canonical infix, tokens of the prefix form', () => {
    const e = parseExpr('exp(-x^2)/(1 + sqrt(x)) - 1/43');
    const m = metrics(e);
    expect(m.chars).toBe(toInfix(e).length);
    // div exp mul INT- 1 pow x INT+ 2 add INT+ 1 sqrt x, then add … INT- ? — counted by hand:
    // add(div(exp(neg(pow(x,2))), add(1, sqrt(x))), neg(div(1, 43)))
    // add | div exp mul INT- 1 pow x INT+ 2 add INT+ 1 sqrt x | mul INT- 1 div INT+ 1 INT+ 4 3
    expect(m.tokens).toBe(1 + 14 + 9);
  });

  test('a wide tree of the maximum size is measured', () => {
    const terms: Expr[] = [];
    for (let i = 0; i < 1000; i++) terms.push(pow(X, num(i)));
    const m = metrics(add(...terms));
    expect(m.nodes).toBe(3001);
    expect(m.terms).toBe(1000);
    expect(m.depth).toBe(3);
  });
});
