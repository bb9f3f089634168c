import { describe, expect, it } from 'vitest';
import { toInfix } from '../../../src/expr/toInfix.js';
import { coefficientName } from '../../../src/tasks/series/coefficientName.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { polynomialDegree } from '../../../src/tasks/series/polynomialDegree.js';
import { readSeriesAnswer } from '../../../src/tasks/series/readSeriesAnswer.js';

describe('readSeriesAnswer', () => {
  it("drops SymPy's remainder term and keeps its order", () => {
    const r = readSeriesAnswer('x - x**3/6 + O(x**5)');
    expect(r.ok && toInfix(r.expr)).toBe('x - x^3/6');
    expect(r.ok && r.remainderOrder).toBe(5);
    const at1 = readSeriesAnswer('E + E*(x - 1) + O((x - 1)**2, (x, 1))');
    expect(at1.ok && at1.remainderOrder).toBe(2);
    expect(readSeriesAnswer('1 + O(x)')).toMatchObject({ ok: true, remainderOrder: 1 });
  });

  it('leaves anything else inside O(…), or an O that is not the last term, to the parser', () => {
    expect(readSeriesAnswer('x + O(sin(x))').ok).toBe(false);
    expect(readSeriesAnswer('O(x^2) + x').ok).toBe(false);
    expect(readSeriesAnswer('x + FOO(x^2)').ok).toBe(false);
  });

  it('reads an answer without a remainder as it is', () => {
    const r = readSeriesAnswer('1 + x');
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.remainderOrder).toBeUndefined();
  });
});

describe('polynomialDegree', () => {
  it('bounds the degree of polynomials in x or x - a from their shape', () => {
    expect(polynomialDegree(parseExpr('1 + x*(x - 1)^3/7 + sqrt(2)*x'))).toEqual({ ok: true, degree: 4 });
    expect(polynomialDegree(parseExpr('pi'))).toEqual({ ok: true, degree: 0 });
  });

  it('names what makes a tree something other than a polynomial', () => {
    for (const [text, culprit] of [
      ['x + sin(x)', 'sin(x)'],
      ['1/(1 - x)', '1/(1 - x)'],
      ['x^(1/2)', 'x^(1/2)'],
      ['2^x', '2^x'],
      ['x^-1', 'x^(-1)'],
    ] as const) {
      const d = polynomialDegree(parseExpr(text));
      expect(d.ok, text).toBe(false);
      if (!d.ok) expect(toInfix(d.culprit), text).toBe(toInfix(parseExpr(culprit)));
    }
  });
});

describe('coefficientName', () => {
  it('names powers of x, of x - a and of x + a', () => {
    expect(coefficientName(parseExpr('0'), 4)).toBe('x^4');
    expect(coefficientName(parseExpr('0'), 1)).toBe('x');
    expect(coefficientName(parseExpr('1'), 2)).toBe('(x - 1)^2');
    expect(coefficientName(parseExpr('-pi/2'), 3)).toBe('(x + pi/2)^3');
  });
});
