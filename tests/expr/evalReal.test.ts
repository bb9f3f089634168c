import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { compileReal } from '../../src/expr/evalReal.js';

const at = (text: string, x: number) => compileReal(parseExpr(text))!(x);

describe('compileReal', () => {
  test('evaluates elementary expressions', () => {
    expect(at('x^2 + 3*x - 1', 2)).toBe(9);
    expect(at('2/x', 4)).toBe(0.5);
    expect(at('-x', 3)).toBe(-3);
    expect(at('sin(pi/2) + cos(0*x) + exp(0*x)', 1)).toBeCloseTo(3, 12);
    expect(at('log(e^x)', 1.7)).toBeCloseTo(1.7, 12);
    expect(at('sec(x)', 0.3)).toBeCloseTo(1 / Math.cos(0.3), 12);
    expect(at('acot(x)', 2)).toBeCloseTo(Math.atan(0.5), 12);
    expect(at('cbrt(x)', -8)).toBeCloseTo(-2, 12);
    expect(at('erf(x)', 0.5)).toBeCloseTo(0.5204998778130465, 12);
    expect(at('gamma(x)', 5)).toBeCloseTo(24, 9);
    expect(at('lowergamma(2, x)', 1)).toBeCloseTo(1 - 2 / Math.E, 12);
  });

  test('is NaN or infinite outside the real domain', () => {
    expect(at('log(x)', -1)).toBeNaN();
    expect(at('sqrt(x)', -1)).toBeNaN();
    expect(at('x^(1/3)', -8)).toBeNaN();
    expect(at('1/x', 0)).toBe(Infinity);
  });

  test('gives up (undefined) on functions it cannot evaluate', () => {
    expect(compileReal(parseExpr('Ei(x) + x'))).toBeUndefined();
    expect(compileReal(parseExpr('polylog(2, x)'))).toBeUndefined();
  });
});
