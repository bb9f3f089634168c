import { describe, expect, test } from 'vitest';
import { parseExpr, tryParseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { add, fn, mul, num, sym, X } from '../../src/expr/types.js';

const ode = { odeUnknown: true } as const;
const y = sym('y');
const y1 = sym("y'");
const y2 = sym("y''");

describe("the infix reader and an ODE's unknown", () => {
  test("y, y' and y'' are symbols only when the ODE reader asks", () => {
    expect(parseExpr("y'' + 4*y", undefined, ode)).toEqual(add(y2, mul(num(4), y)));
    expect(parseExpr("x*y' - y", undefined, ode)).toEqual(add(mul(X, y1), { type: 'neg', args: [y] }));
    expect(tryParseExpr('y').ok).toBe(false);
    expect(tryParseExpr("y'").ok).toBe(false);
  });

  test('Unicode primes, y(x) and the spellings of SymPy and Maxima', () => {
    const same = [
      "y''(x) + y(x)",
      'y″ + y',
      'y′′ + y',
      'Derivative(y(x), (x, 2)) + y(x)',
      'Derivative(y(x), x, x) + y',
      'Derivative(y(x), x, 2) + y',
      "'diff(y, x, 2) + y",
      'diff(y(x), x, 2) + y',
    ];
    for (const text of same) expect(parseExpr(text, undefined, ode), text).toEqual(add(y2, y));
    expect(parseExpr('Derivative(y(x), x)', undefined, ode)).toEqual(y1);
    expect(parseExpr("Derivative(y'(x), x)", undefined, ode)).toEqual(y2);
  });

  test('orders above 2, y at a point and derivatives of anything but y are refused', () => {
    const refused: Array<[string, RegExp]> = [
      ["y''' + y", /order 1 and 2/],
      ['Derivative(y(x), (x, 3))', /order/],
      ["Derivative(y''(x), x)", /order 1 and 2/],
      ['y(0) + y', /is a condition/],
      ['y(x + 1)', /read as y or y\(x\)/],
      ['Derivative(sin(x), x)', /only of the unknown y/],
      ["x'", /strings are not allowed/],
    ];
    for (const [text, message] of refused) {
      const r = tryParseExpr(text, undefined, ode);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.message, text).toMatch(message);
    }
  });

  test('the unknown prints as written and reads back', () => {
    const e = parseExpr("y'' + sin(x)*y'", undefined, ode);
    expect(toInfix(e)).toBe("y'' + sin(x)*y'");
    expect(parseExpr(toInfix(e), undefined, ode)).toEqual(add(y2, mul(fn('sin', X), y1)));
  });
});
