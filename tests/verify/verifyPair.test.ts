import { describe, expect, it } from 'vitest';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

/** Correctness cases get a wide budget: the machine may be loaded, and time is not what they test. */
const ROOMY = { budgetMs: 5000 };

const correct: [string, string][] = [
  ['1/x', 'log(x)'],
  ['1/x', 'log(-x)'],
  ['1/x', 'log(abs(x))'],
  ['1/x', 'log(2*x) + 17'],
  ['x*cos(x)', 'x*sin(x) + cos(x)'],
  ['sin(x)^2', 'x/2 - sin(2*x)/4'],
  ['sin(x)^2', '-sin(x)*cos(x)/2 + x/2'],
  ['2^x', 'exp(x*log(2))/log(2)'],
  ['2^x', '2^x/log(2)'],
  ['x^41', 'x^42/42'],
  ['1/(1 + x^2)', 'atan(x)'],
  ['1/(1 + x^2)', '-atan(1/x)'],
  ['1/sqrt(1 - x^2)', 'asin(x)'],
  ['exp(-x^2)', 'sqrt(pi)*erf(x)/2'],
  ['exp(x)/x', 'Ei(x)'],
  ['sin(x)/x', 'Si(x)'],
  ['cos(x)/x', 'Ci(x)'],
  ['1/log(x)', 'li(x)'],
  ['sin(pi*x^2/2)', 'fresnels(x)'],
  ['tan(x)', '-log(cos(x))'],
  ['(x + 1)^2 - x^2 - 2*x', 'x'],
  ['x^2*exp(-2*x)', '-(2*x^2 + 2*x + 1)*exp(-2*x)/4'],
  ['sinh(x)', 'cosh(x) + 3'],
  // csc² - cot² = 1 cancels catastrophically near 0, and cos is stationary where its argument is 0
  ['3*cos(5*x*(csc(4*x^3)^2 - cot(4*x^3)^2))', '3/5*sin(5*x)'],
  ['cosh(x*(csc(x^3)^2 - cot(x^3)^2))', 'sinh(x)'],
  ['exp(x)*(cosh(x^2)^2 - sinh(x^2)^2)', 'exp(x)'],
];

const incorrect: [string, string][] = [
  ['x^41', 'x^42/43'],
  ['x/42', 'x^2/86'],
  ['x', '1.000001*x^2/2'],
  ['cos(3*x)', 'sin(3*x)'],
  ['x + cos(x)', 'x^2/2'],
  ['exp(2*x)', 'exp(2*x)'],
  ['1/x', 'log(x^2)'],
  ['sin(x)', 'cos(x)'],
  ['cosh(x)', 'sin(x)'],
  ['abs(x)', 'x^2/2'],
  ['tan(exp(-9504*x^2))', 'x*tan(1)'],
  ['x', 'x^2/2 + 1e-9*x'],
];

describe('verifyPair', () => {
  it.each(correct)('∫ %s = %s is correct', (f, F) => {
    const r = verifyStrings(f, F, ROOMY);
    expect(r.verdict, r.reason).toBe('correct');
  });

  it.each(incorrect)('∫ %s ≠ %s is incorrect, with the point where they differ', (f, F) => {
    const r = verifyStrings(f, F, ROOMY);
    expect(r.verdict, r.reason).toBe('incorrect');
    expect(r.reason).toMatch(/differs from f at x = /);
  });

  it('is unknown, saying why, when the problem is nowhere real', () => {
    const r = verifyStrings('sqrt(-1 - x^2)', 'x', ROOMY);
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/not real-valued/);
  });

  it('is unknown when the time budget runs out', () => {
    const f = Array.from({ length: 300 }, (_, i) => `cos(${i + 1}*x)`).join(' + ');
    const F = Array.from({ length: 300 }, (_, i) => `sin(${i + 1}*x)/${i + 1}`).join(' + ');
    expect(verifyStrings(f, F, { budgetMs: 10_000 }).verdict).toBe('correct');
    const r = verifyStrings(f, F, { budgetMs: 0.001 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/time budget/);
  });

  it('names the side a parse error is on', () => {
    expect(verifyStrings('x^', 'x').reason).toMatch(/^problem:/);
    expect(verifyStrings('x', 'x +* 2').reason).toMatch(/^answer:/);
    expect(verifyStrings('x', 'x +* 2').verdict).toBe('invalid');
  });
});
