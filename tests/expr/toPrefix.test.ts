import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { toPrefix } from '../../src/expr/toPrefix.js';
import { add, div, fn, mul, neg, num, pow, sym, X } from '../../src/expr/types.js';

const tokens = (text: string): string => toPrefix(parseExpr(text)).join(' ');

// Expected token strings are written from Lample & Charton's convention (binary right-nested
// operators, INT+/INT- followed by one digit per token, `ln`, `E`, negation as multiplication by -1).
// The agreement with a SymPy-side decoder over random trees is in print.test.ts.
describe('toPrefix: Lample–Charton tokens', () => {
  test('integers are a sign token and one token per digit', () => {
    expect(toPrefix(num(123))).toEqual(['INT+', '1', '2', '3']);
    expect(toPrefix(num(-45))).toEqual(['INT-', '4', '5']);
    expect(toPrefix(num(0))).toEqual(['INT+', '0']);
    expect(toPrefix(neg(num(7)))).toEqual(['INT-', '7']);
  });

  test('non-integer literals carry a "." token', () => {
    expect(toPrefix(num(2.5))).toEqual(['INT+', '2', '.', '5']);
    expect(toPrefix(num(-0.001))).toEqual(['INT-', '0', '.', '0', '0', '1']);
  });

  test('sums and products are binary and right-nested, however the tree nests them', () => {
    expect(toPrefix(add(X, num(1)))).toEqual(['add', 'x', 'INT+', '1']);
    expect(toPrefix(add(X, sym('pi'), sym('e')))).toEqual(['add', 'x', 'add', 'pi', 'E']);
    expect(toPrefix(add(add(X, sym('pi')), sym('e')))).toEqual(['add', 'add', 'x', 'pi', 'E']);
    expect(toPrefix(mul(num(2), X, X))).toEqual(['mul', 'INT+', '2', 'mul', 'x', 'x']);
  });

  test('rationals, powers, negation and functions', () => {
    expect(toPrefix(div(num(1), num(43)))).toEqual(['div', 'INT+', '1', 'INT+', '4', '3']);
    expect(toPrefix(pow(X, num(2)))).toEqual(['pow', 'x', 'INT+', '2']);
    expect(toPrefix(neg(fn('sin', X)))).toEqual(['mul', 'INT-', '1', 'sin', 'x']);
    expect(toPrefix(fn('log', X))).toEqual(['ln', 'x']);
    expect(toPrefix(fn('cbrt', X))).toEqual(['pow', 'x', 'div', 'INT+', '1', 'INT+', '3']);
    expect(toPrefix(fn('polylog', num(2), X))).toEqual(['polylog', 'INT+', '2', 'x']);
  });

  test("named constants by SymPy's names, ζ(n) as the function of an integer", () => {
    expect(toPrefix(mul(sym('Catalan'), sym('EulerGamma')))).toEqual(['mul', 'Catalan', 'EulerGamma']);
    expect(toPrefix(sym('zeta(3)'))).toEqual(['zeta', 'INT+', '3']);
    expect(toPrefix(sym('zeta(11)'))).toEqual(['zeta', 'INT+', '1', '1']);
    expect(toPrefix(neg(sym('oo')))).toEqual(['mul', 'INT-', '1', 'oo']);
  });

  test('parsed problems', () => {
    expect(tokens('x^2 + 3*x - 1')).toBe('add pow x INT+ 2 add mul INT+ 3 x INT- 1');
    expect(tokens('exp(-x)*cos(x)')).toBe('mul exp mul INT- 1 x cos x');
    expect(tokens('1/(1 + x^2)')).toBe('div INT+ 1 add INT+ 1 pow x INT+ 2');
  });
});
