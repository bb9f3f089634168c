import { describe, expect, it } from 'vitest';
import { readMathText } from '../../src/answer/readMathText.js';
import type { TextReader } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

const ROOMY = { budgetMs: 5000 };
const auto: TextReader = (text, side) => readMathText(text, side, 'auto');

describe('verifyStrings', () => {
  it('reads infix only by default, and says nothing about readings', () => {
    const r = verifyStrings('x^2', '\\frac{x^3}{3}', ROOMY);
    expect(r.verdict).toBe('invalid');
    expect(r.reason).toMatch(/^answer: backslash commands/);
    expect(r.reading).toBeUndefined();
  });

  it('reads LaTeX answers and problems with a LaTeX-aware reader, naming the reading', () => {
    const r = verifyStrings('x^2', '\\frac{x^3}{3}', { ...ROOMY, read: auto });
    expect(r.verdict).toBe('correct');
    expect(r.reading).toEqual({ problem: 'infix', answer: 'latex' });
    expect(r.readAs).toBe('answer read as LaTeX: x^3/3');
    const both = verifyStrings('\\frac{1}{x}', '\\ln|x|', { ...ROOMY, read: auto });
    expect(both.verdict).toBe('correct');
    expect(both.reading).toEqual({ problem: 'latex', answer: 'latex' });
  });

  it('drops a trailing + C in a LaTeX answer and says so', () => {
    const r = verifyStrings('x^2', '\\boxed{\\frac{x^{3}}{3}+C}', { ...ROOMY, read: auto });
    expect(r.verdict).toBe('correct');
    expect(r.readAs).toBe('answer read as LaTeX, constant of integration dropped: x^3/3');
  });

  it('keeps a wrong LaTeX answer incorrect', () => {
    expect(verifyStrings('x^2', '\\frac{x^3}{2}', { ...ROOMY, read: auto }).verdict).toBe('incorrect');
  });

  it('never rereads a refused infix literal as LaTeX', () => {
    const r = verifyStrings('x^2', '1e-400*x', { ...ROOMY, read: auto });
    expect(r.verdict).toBe('invalid');
    expect(r.reason).toMatch(/too small to represent/);
    expect(r.reading).toEqual({ problem: 'infix', answer: 'infix' });
  });

  it('forces a reading with the format', () => {
    const infix: TextReader = (text, side) => readMathText(text, side, 'infix');
    expect(verifyStrings('x^2', '\\frac{x^3}{3}', { ...ROOMY, read: infix }).verdict).toBe('invalid');
    const latex: TextReader = (text, side) => readMathText(text, side, 'latex');
    const r = verifyStrings('x^2', 'x^3/3', { ...ROOMY, read: latex });
    expect(r.verdict).toBe('correct');
    expect(r.reading).toEqual({ problem: 'latex', answer: 'latex' });
  });

  it('reads SymPy spellings Rational and binomial', () => {
    expect(verifyStrings('x^2', 'Rational(1, 3)*x^3', ROOMY).verdict).toBe('correct');
    expect(verifyStrings('x - 1/2', 'binomial(x, 2)', ROOMY).verdict).toBe('correct');
    const big = verifyStrings('x', 'binomial(x, 50)', ROOMY);
    expect(big.verdict).toBe('invalid');
    expect(big.reason).toMatch(/binomial\(x, k\) is read only for an integer literal k from 0 to 20/);
  });
});
