import { describe, expect, test } from 'vitest';
import { toInfix } from '../../../src/expr/toInfix.js';
import { describeOde } from '../../../src/tasks/ode/describeOde.js';
import { readOde } from '../../../src/tasks/ode/readOde.js';
import { readOdeAnswer } from '../../../src/tasks/ode/readOdeAnswer.js';
import { readOdeCondition } from '../../../src/tasks/ode/readOdeCondition.js';
import type { LinearOde } from '../../../src/tasks/ode/types.js';

function read(text: string, parameters: Parameters<typeof readOde>[1] = []): LinearOde {
  const r = readOde(text, parameters);
  if (!r.ok) throw new Error(`refused ${text}: ${r.error}`);
  return r.ode;
}

const shape = (ode: LinearOde) => ({ order: ode.order, coefficients: ode.coefficients.map(toInfix), rhs: toInfix(ode.rhs) });

describe('readOde', () => {
  test("brings an equation to a2*y'' + a1*y' + a0*y = rhs", () => {
    expect(shape(read("y'' + 4*y = sin(3*x)"))).toEqual({ order: 2, coefficients: ['4', '0', '1'], rhs: 'sin(3*x)' });
    expect(shape(read("y' = x*y + exp(x)"))).toEqual({ order: 1, coefficients: ['-x', '1', '0'], rhs: 'exp(x)' });
    expect(shape(read("x^2*y'' + x*y' - y = 0"))).toEqual({ order: 2, coefficients: ['-1', 'x', 'x^2'], rhs: '0' });
    // Terms in y on both sides, a term free of y on the left, and a quotient.
    expect(shape(read("y'/x + 2*y + 1 = y + x"))).toEqual({ order: 1, coefficients: ['1', '1/x', '0'], rhs: 'x - 1' });
    // An expression alone is equal to 0.
    expect(shape(read("y'' - y"))).toEqual({ order: 2, coefficients: ['-1', '0', '1'], rhs: '0' });
  });

  test("SymPy's and Maxima's spellings read as the same equation", () => {
    const expected = shape(read("y'' + 4*y = sin(3*x)"));
    expect(shape(read('Derivative(y(x), (x, 2)) + 4*y(x) = sin(3*x)'))).toEqual(expected);
    expect(shape(read("'diff(y, x, 2) + 4*y = sin(3*x)"))).toEqual(expected);
  });

  test('terms that cancel lower the order; none left is not a differential equation', () => {
    expect(read("y'' + y' - y'' + y = 0").order).toBe(1);
    const r = readOde("y'' - y'' + y = x");
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/not a differential equation/) });
  });

  test('non-linear equations are refused, saying why', () => {
    const refused: Array<[string, RegExp]> = [
      ["y*y' = x", /multiplies terms in y/],
      ["y' + y^2 = 0", /power of a term in y/],
      ["y' + sin(y) = 0", /applies sin to a term in y/],
      ["y' + 1/y = 0", /divides by a term in y/],
      ["y' = x^y", /power of a term in y/],
      ["y''' + y = 0", /order 1 and 2/],
      ["y' = 1 = 2", /one '='/],
      ["y' + z = 0", /unknown name 'z'/],
      ["y' + A*y = 0", /unknown name 'A'/],
    ];
    for (const [text, message] of refused) {
      const r = readOde(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error, text).toMatch(message);
    }
  });

  test('parameters are read where given', () => {
    expect(shape(read("y' + A*y = B", ['A', 'B']))).toEqual({ order: 1, coefficients: ['A', '1', '0'], rhs: 'B' });
  });

  test('describeOde prints the equation as sagga reads it', () => {
    expect(describeOde(read("y'' + 4*y = sin(3*x)"))).toBe("y'' + 4*y = sin(3*x)");
    expect(describeOde(read("y' = x*y + exp(x)"))).toBe("y' - x*y = exp(x)");
  });
});

describe('readOdeCondition', () => {
  test("y(a) = v and y'(a) = v, with constant points and values", () => {
    const c = readOdeCondition("y'(pi/2) = -2");
    expect(c.ok && { order: c.condition.order, at: toInfix(c.condition.at), value: toInfix(c.condition.value) }).toEqual({ order: 1, at: 'pi/2', value: '-2' });
    const d = readOdeCondition('y(0)=1');
    expect(d.ok && d.condition.order).toBe(0);
    const e = readOdeCondition('y′(1) = A', ['A']);
    expect(e.ok && toInfix(e.condition.value)).toBe('A');
    const f = readOdeCondition('y(log(2)) = sqrt(2)');
    expect(f.ok && toInfix(f.condition.at)).toBe('log(2)');
  });

  test('anything else is refused', () => {
    const refused: Array<[string, RegExp]> = [
      ['y = 1', /y\(point\) = value/],
      ['z(0) = 1', /y\(point\) = value/],
      ['y(0 = 1', /missing '\)'/],
      ['y(0) 1', /y\(point\) = value/],
      ['y(x) = 1', /the point cannot depend on x/],
      ['y(0) = x', /the value cannot depend on x/],
      ['y(0) = A', /unknown name 'A'/],
      [`y(0) = ${'1+'.repeat(300)}1`, /longer than 400/],
    ];
    for (const [text, message] of refused) {
      const r = readOdeCondition(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error, text).toMatch(message);
    }
  });
});

describe('readOdeAnswer', () => {
  test('y = …, y(x) = … or the expression alone, with C1 … C9', () => {
    for (const text of ['y = C1*exp(x) + C2', 'y(x) = C1*exp(x) + C2', 'C1*exp(x) + C2', '  y  =C1*exp(x) + C2']) {
      const r = readOdeAnswer(text);
      expect(r.ok && toInfix(r.answer), text).toBe('C1*exp(x) + C2');
    }
  });

  test('the unknown, a second equation or an unlisted parameter are refused', () => {
    expect(readOdeAnswer("y = y'").ok).toBe(false);
    expect(readOdeAnswer('y = 1 = 2')).toEqual({ ok: false, error: expect.stringMatching(/one '='/) });
    expect(readOdeAnswer('y = A*x').ok).toBe(false);
    expect(readOdeAnswer('y = A*x', ['A']).ok).toBe(true);
    expect(readOdeAnswer('y = C10*x').ok).toBe(false);
  });
});
