import { describe, expect, test } from 'vitest';
import { ALL_FUNCTIONS, ELEMENTARY_FUNCTIONS } from '../../src/expr/functions.js';
import { parseExpr } from '../../src/expr/parse.js';
import { simplify } from '../../src/expr/simplify.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { add, div, equals, fn, mul, neg, num, pow, sym, X, type Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { close, evaluate, SAMPLE_POINTS } from './helpers/evaluate.js';
import { randomExpr } from './helpers/randomExpr.js';

const s = (text: string): Expr => simplify(parseExpr(text));

function expectTree(actual: Expr, expected: Expr): void {
  expect(equals(actual, expected), `${toInfix(actual)} (${JSON.stringify(actual)}) should be ${toInfix(expected)}`).toBe(true);
}

describe('simplify: exact constant folding', () => {
  test('integers', () => {
    expectTree(s('2 + 3*4 - 5'), num(9));
    expectTree(s('2^10'), num(1024));
    expectTree(s('(-2)^3'), num(-8));
    expectTree(s('-(3)'), num(-3));
  });

  test('rationals stay exact fractions, never decimals', () => {
    expectTree(s('1/43'), div(num(1), num(43)));
    expectTree(s('2/4'), div(num(1), num(2)));
    expectTree(s('1/3 + 1/6'), div(num(1), num(2)));
    expectTree(s('6/3'), num(2));
    expectTree(s('-1/43'), div(num(-1), num(43)));
    expectTree(s('(2/3)^-2'), div(num(9), num(4)));
    expectTree(s('1/2 - 1/2'), num(0));
  });

  test('nothing is folded beyond the literal bound or into floats', () => {
    expectTree(s('2^100'), pow(num(2), num(100)));
    expectTree(s('10^100000'), pow(num(10), num(100000)));
    const big = s('1000000000000000*1000000000000000');
    expect(big.type).toBe('mul');
    expectTree(s('0.1 + 0.2'), add(num(0.1), num(0.2)));
    expectTree(s('4^(1/2)'), pow(num(4), div(num(1), num(2))));
    expectTree(s('1/0'), div(num(1), num(0)));
    expectTree(s('0^(-1)'), pow(num(0), num(-1)));
  });
});

describe('simplify: structure', () => {
  test('flattening and neutral elements', () => {
    expectTree(s('(x + 1) + 2'), add(X, num(3)));
    expectTree(s('x + (1 + 2)'), add(X, num(3)));
    expectTree(s('x*(sin(x)*pi)'), mul(X, fn('sin', X), sym('pi')));
    expectTree(s('x + 0'), X);
    expectTree(s('1*x'), X);
    expectTree(s('0*sin(x)'), num(0));
    expectTree(s('x^1'), X);
    expectTree(s('x^0'), num(1));
    expectTree(s('1^x'), num(1));
    expectTree(s('x/1'), X);
    expectTree(s('0/x'), num(0));
  });

  test('e^a becomes exp(a)', () => {
    expectTree(s('e^x'), fn('exp', X));
    expectTree(s('e^(x^2)'), fn('exp', pow(X, num(2))));
    expectTree(s('E**0'), num(1));
  });

  test('signs', () => {
    expectTree(s('-(-x)'), X);
    expectTree(s('x*2*3'), mul(num(6), X));
    expectTree(s('-(2*x)'), mul(num(-2), X));
    expectTree(s('-2*x'), mul(num(-2), X));
    expectTree(s('x*(-1)'), neg(X));
    expectTree(s('(-x)*(-sin(x))'), mul(X, fn('sin', X)));
    expectTree(s('-x*sin(x)'), neg(mul(X, fn('sin', X))));
    expectTree(s('-x/2'), neg(div(X, num(2))));
    expectTree(s('x/(-sin(x))'), neg(div(X, fn('sin', X))));
    expectTree(s('x*(1/2)*4'), mul(num(2), X));
  });

  test('exact function values', () => {
    expectTree(s('sin(0) + cos(0) + exp(0) + log(1) + sqrt(9) + cbrt(-8) + abs(-3/4)'), div(num(15), num(4)));
    expectTree(s('sqrt(2)'), fn('sqrt', num(2)));
    expectTree(s('sqrt(4/9)'), div(num(2), num(3)));
    expectTree(s('log(e)'), num(1));
    expectTree(s('sign(-5)'), num(-1));
  });

  test('operands are not reordered beyond moving the coefficient first', () => {
    expectTree(s('sin(x) + x + 1'), add(fn('sin', X), X, num(1)));
    expectTree(s('1 + x + 2'), add(num(3), X));
    expectTree(s('x*sin(x)'), mul(X, fn('sin', X)));
  });

  test('untouched trees keep their shape', () => {
    for (const text of ['x^2 + 3*x + 1', 'sin(x)/x', 'exp(-x^2)', 'log(x)^2 - 1/43', 'x^(1/2)', '-(x + 1)']) {
      const e = s(text);
      expectTree(simplify(e), e);
    }
  });
});

/**
 * Is the value at x insensitive to rounding? sec(10^8 * x) is not: two exact rewrites of it can
 * differ in every digit, so such points say nothing about simplify.
 */
function wellConditioned(e: Expr, x: number, value: number): boolean {
  const nearby = evaluate(e, x * (1 + 1e-10));
  return Number.isFinite(nearby) && close(value, nearby, 1e-7);
}

describe('simplify: properties over random trees', () => {
  test('never changes the value where both sides are finite', () => {
    const rng = createRng('simplify-values');
    let compared = 0;
    for (let k = 0; k < 4000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 6), functions: [...ELEMENTARY_FUNCTIONS, 'erf', 'erfc', 'gamma'], exponents: 'tame' });
      const t = simplify(e);
      for (const x of SAMPLE_POINTS) {
        const a = evaluate(e, x);
        const b = evaluate(t, x);
        if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 1e12 || !wellConditioned(e, x, a)) continue;
        compared++;
        if (!close(a, b, 1e-6)) expect.fail(`${toInfix(e)} -> ${toInfix(t)} at x=${x}: ${a} vs ${b}`);
      }
    }
    expect(compared).toBeGreaterThan(8000);
  });

  test('is idempotent, and stable through printing and re-reading', () => {
    const rng = createRng('simplify-idempotent');
    for (let k = 0; k < 4000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 7), functions: ALL_FUNCTIONS, literals: 'wide', exponents: 'any' });
      const once = simplify(e);
      const twice = simplify(once);
      if (!equals(once, twice)) expect.fail(`not idempotent: ${toInfix(e)} -> ${toInfix(once)} -> ${toInfix(twice)}`);
      const reread = simplify(parseExpr(toInfix(once)));
      if (!equals(reread, once))
        expect.fail(`print/parse changes it: ${toInfix(once)} -> ${toInfix(reread)}\n${JSON.stringify(once)}\n${JSON.stringify(reread)}`);
    }
  });

  test('shortens printed problems overall', () => {
    // Not per tree: moving a coefficient to the front can cost a pair of parentheses
    // (pi/x*x*7 -> 7*(pi/x)*x).
    const rng = createRng('simplify-size');
    let before = 0;
    let after = 0;
    for (let k = 0; k < 2000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 6), functions: ALL_FUNCTIONS, exponents: 'any' });
      before += toInfix(e).length;
      after += toInfix(simplify(e)).length;
    }
    expect(after).toBeLessThan(before * 0.9);
  });

  test('folding does not depend on the order of the literals, even past the literal bound', () => {
    expectTree(s('1000000000000000 + 5 - 5 + x'), add(num(1000000000000000), X));
    expectTree(s('x + 1000000000000000 + 1'), add(X, num(1000000000000000), num(1)));
    expectTree(s('1 + x + 1000000000000000'), add(num(1), X, num(1000000000000000)));
    expectTree(s('1000000000000000*x*1000000000000000*(1/1000000000000000)'), mul(num(1000000000000000), X));
    expectTree(s('1000000000000000*x*(-1000000000000000)'), mul(num(-1000000000000000), num(1000000000000000), X));
  });
});
