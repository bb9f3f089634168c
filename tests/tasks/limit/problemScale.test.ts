import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { problemScale } from '../../../src/tasks/limit/problemScale.js';

describe('problemScale', () => {
  it("is the largest of f's constants and their reciprocals, whole subtrees free of x counted as one", () => {
    expect(problemScale(parseExpr('(3*x^2 + 1)/(1737248 - x)'))).toBe(1737248);
    expect(problemScale(parseExpr('1/(x*(x - 1/1000000))'))).toBeCloseTo(1e6, 6);
    expect(problemScale(parseExpr('x + 2*3000'))).toBe(6000);
    expect(problemScale(parseExpr('sin(3*pi*x)'))).toBeCloseTo(3 * Math.PI, 12);
  });

  it('is 1 without constants beyond 1, infinite for one beyond a double, and ignores one without a real value', () => {
    expect(problemScale(parseExpr('sin(x)/x'))).toBe(1);
    expect(problemScale(parseExpr('x - exp(1000)'))).toBe(Infinity);
    expect(problemScale(parseExpr('x + sqrt(-5)'))).toBe(1);
  });
});
