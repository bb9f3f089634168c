import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { derivative } from '../../src/verify/derivative.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { compileTape } from '../../src/verify/tape.js';

const evaluator = (text: string) => createComplexEvaluator(compileTape(parseExpr(text)));

// Each F is differentiated exactly, then compared with a central finite difference of F itself,
// which knows nothing of the differentiation rules.
const functions = [
  'x^3 - 2*x + 7',
  'sin(3*x)*exp(-x)',
  'log(x^2 + 1)',
  'sqrt(x^2 + 4)',
  'atan(2*x)',
  'tan(x/3)',
  'cosh(x/2)^2',
  'asinh(x)',
  'x^x',
  '2^x',
  'exp(sin(x))',
  'sec(x/4)',
  'cot(x/2 + 3)',
  'acot(x)',
  'abs(x^3 - 1)',
  'erf(x)',
  'erfi(x/2)',
  'Si(x)',
  'Ci(x+4)',
  'Ei(x/3)',
  'fresnels(x)',
  'fresnelc(x)',
  'LambertW(x+1)',
  'atanh(x/5)',
  'cbrt(x^2 + 1)',
  'x/(x^2 + 1)',
  '1/(x - 10)',
  'Catalan*x^2 + EulerGamma*x',
  'zeta(3)*sin(x) + zeta(2)',
  'x^zeta(5)',
  'EulerGamma^x',
];
const points = [0.37, 0.9, 1.7, 2.3, -0.45, -1.3];

describe('derivative', () => {
  it.each(['Catalan', 'EulerGamma', 'zeta(3)', 'pi', 'e', 'zeta(2)*Catalan^2'])('of the constant %s is 0', (text) => {
    const d = derivative(parseExpr(text));
    expect(d.ok && d.expr).toEqual({ type: 'num', value: 0 });
  });

  it.each(functions)('d/dx %s matches a finite difference', (text) => {
    const d = derivative(parseExpr(text));
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const F = evaluator(text);
    const dF = createComplexEvaluator(compileTape(d.expr));
    let compared = 0;
    for (const x of points) {
      const h = 1e-5 * Math.max(1, Math.abs(x));
      const a = F(x + h);
      const b = F(x - h);
      const v = dF(x);
      if (![a.re, a.im, b.re, b.im, v.re, v.im].every(Number.isFinite)) continue;
      const fd = (a.re - b.re) / (2 * h);
      const fdIm = (a.im - b.im) / (2 * h);
      expect(Math.abs(fd - v.re)).toBeLessThan(1e-5 * Math.max(1, Math.abs(v.re)));
      expect(Math.abs(fdIm - v.im)).toBeLessThan(1e-5 * Math.max(1, Math.abs(v.im)));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it('refuses rules that would leave the whitelist', () => {
    const d = derivative(parseExpr('gamma(x)'));
    expect(d.ok).toBe(false);
  });
});
