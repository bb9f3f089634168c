import { describe, expect, test } from 'vitest';
import { ALL_FUNCTIONS } from '../../src/expr/functions.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { add, div, fn, mul, neg, num, pow, sub, sym, X, equals, type Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { close, evaluate, SAMPLE_POINTS } from './helpers/evaluate.js';
import { normalize } from './helpers/normalize.js';
import { randomExpr } from './helpers/randomExpr.js';

describe('toInfix: the forms the archive format promises', () => {
  const cases: Array<[string, Expr, string]> = [
    ['subtraction of a literal', add(X, num(-3)), 'x - 3'],
    ['subtraction written as neg', add(X, neg(num(3))), 'x - 3'],
    ['negated power', neg(pow(X, num(2))), '-x^2'],
    ['negative base', pow(num(-2), X), '(-2)^x'],
    ['negative exponent', pow(X, num(-2)), 'x^(-2)'],
    ['negated exponent', pow(X, neg(num(2))), 'x^(-2)'],
    ['quotient', div(num(2), X), '2/x'],
    ['explicit product', mul(num(2), X), '2*x'],
    ['sum', add(X, num(1)), 'x + 1'],
    ['constants', add(sym('pi'), sym('e')), 'pi + e'],
    ['named constants', add(mul(sym('Catalan'), X), sym('EulerGamma')), 'Catalan*x + EulerGamma'],
    ['zeta of an integer', pow(sym('zeta(3)'), num(2)), 'zeta(3)^2'],
    ['infinity', neg(sym('oo')), '-oo'],
    ['function', fn('sin', X), 'sin(x)'],
    ['two-argument function', fn('polylog', num(2), X), 'polylog(2, x)'],
    ['power of a sum', pow(add(X, num(1)), num(2)), '(x + 1)^2'],
    ['power tower is right-associative', pow(X, pow(num(2), num(3))), 'x^2^3'],
    ['power of a power', pow(pow(X, num(2)), num(3)), '(x^2)^3'],
    ['product of sums', mul(add(X, num(1)), add(X, num(-1))), '(x + 1)*(x - 1)'],
    ['difference of a sum', sub(X, add(X, num(1))), 'x - (x + 1)'],
    ['difference of a product', sub(num(1), mul(num(2), X)), '1 - 2*x'],
    ['quotient in a product', mul(X, div(num(1), X)), 'x*(1/x)'],
    ['product over product', div(mul(num(2), X), mul(num(3), X)), '2*x/(3*x)'],
    ['quotient of quotients', div(div(X, num(2)), div(num(3), X)), 'x/2/(3/x)'],
    ['negated product', neg(mul(num(2), X)), '-2*x'],
    ['negated sum', neg(add(X, num(1))), '-(x + 1)'],
    ['double negation', neg(neg(X)), '-(-x)'],
    ['negative factor after the first', mul(X, num(-2)), 'x*(-2)'],
    ['negative denominator', div(X, num(-2)), 'x/(-2)'],
    ['rational', div(num(1), num(43)), '1/43'],
    ['negative rational in a sum', add(X, div(num(-1), num(43))), 'x - 1/43'],
    ['exponent notation avoided', mul(num(1e-7), X), '0.0000001*x'],
    ['exp of a negative', fn('exp', neg(pow(X, num(2)))), 'exp(-x^2)'],
  ];
  for (const [name, e, text] of cases) {
    test(name, () => {
      expect(toInfix(e)).toBe(text);
    });
  }
});

describe('toInfix: parse(toInfix(e)) is e again', () => {
  test('for 3000 random trees over every whitelisted function', () => {
    const rng = createRng('toInfix-roundtrip');
    for (let k = 0; k < 3000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 7), functions: ALL_FUNCTIONS, literals: 'wide', exponents: 'any' });
      const text = toInfix(e);
      const back = parseExpr(text);
      if (!equals(normalize(back), normalize(e))) {
        expect.fail(`${text}\n  tree:  ${JSON.stringify(e)}\n  reads: ${JSON.stringify(back)}`);
      }
    }
  });

  test('keeps the value: random trees evaluate the same after the round trip', () => {
    const rng = createRng('toInfix-values');
    let compared = 0;
    for (let k = 0; k < 1000; k++) {
      const e = randomExpr(rng, { maxDepth: 5, functions: ['sin', 'exp', 'log', 'sqrt', 'atan'] });
      const back = parseExpr(toInfix(e));
      for (const x of SAMPLE_POINTS) {
        const a = evaluate(e, x);
        const b = evaluate(back, x);
        if (!Number.isFinite(a)) continue;
        compared++;
        expect(close(a, b), `${toInfix(e)} at ${x}: ${a} vs ${b}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  test('a tree as deep as the parser allows prints and reads back', () => {
    let e: Expr = X;
    for (let i = 1; i < 200; i++) e = i % 3 === 0 ? fn('sin', e) : i % 3 === 1 ? neg(e) : pow(e, num(2));
    const back = parseExpr(toInfix(e));
    expect(equals(normalize(back), normalize(e))).toBe(true);
  });

  test('literals keep every bit', () => {
    for (const v of [0.1, 1 / 3, 123456789012345, 1e-7, 2.5e-12, 1e15, 5e-324 * 2 ** 60, 0.30000000000000004]) {
      const back = parseExpr(toInfix(num(v)));
      expect(back).toEqual(num(v));
    }
    expect(toInfix(num(-0))).toBe('0');
  });
});
