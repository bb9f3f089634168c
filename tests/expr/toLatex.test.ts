import { ComputeEngine } from '@cortex-js/compute-engine';
import katex from 'katex';
import { describe, expect, test } from 'vitest';
import { parseLatex } from '../../src/answer/parseLatex.js';
import { ALL_FUNCTIONS, type FnName } from '../../src/expr/functions.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { toLatex } from '../../src/expr/toLatex.js';
import { add, div, fn, mul, neg, num, pow, sym, X } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { close, evaluate, SAMPLE_POINTS } from './helpers/evaluate.js';
import { randomExpr } from './helpers/randomExpr.js';

describe('toLatex: notation', () => {
  test('fractions, roots, exponentials, function calls and powers', () => {
    expect(toLatex(div(num(1), X))).toBe('\\frac{1}{x}');
    expect(toLatex(fn('sqrt', X))).toBe('\\sqrt{x}');
    expect(toLatex(fn('cbrt', X))).toBe('\\sqrt[3]{x}');
    expect(toLatex(fn('exp', X))).toBe('e^{x}');
    expect(toLatex(pow(sym('e'), X))).toBe('e^{x}');
    expect(toLatex(fn('sin', X))).toBe('\\sin\\left(x\\right)');
    expect(toLatex(pow(X, num(2)))).toBe('x^{2}');
    expect(toLatex(fn('log', X))).toBe('\\ln\\left(x\\right)');
    expect(toLatex(sym('pi'))).toBe('\\pi');
  });

  test('products juxtapose, with \\cdot only between numbers', () => {
    expect(toLatex(mul(num(2), X))).toBe('2 x');
    expect(toLatex(mul(X, num(2)))).toBe('x \\cdot 2');
    expect(toLatex(mul(num(2), num(3)))).toBe('2 \\cdot 3');
    expect(toLatex(mul(num(2), div(num(1), X)))).toBe('2 \\cdot \\frac{1}{x}');
    expect(toLatex(mul(sym('pi'), X))).toBe('\\pi x');
  });

  test('signs and grouping', () => {
    expect(toLatex(add(X, num(-3)))).toBe('x - 3');
    expect(toLatex(neg(pow(X, num(2))))).toBe('-x^{2}');
    expect(toLatex(pow(num(-2), X))).toBe('\\left(-2\\right)^{x}');
    expect(toLatex(mul(add(X, num(1)), X))).toBe('\\left(x + 1\\right) x');
    expect(toLatex(pow(fn('exp', X), num(2)))).toBe('\\left(e^{x}\\right)^{2}');
    expect(toLatex(add(X, div(num(-1), num(43))))).toBe('x - \\frac{1}{43}');
  });

  test('literals too small for plain decimals use scientific notation', () => {
    expect(toLatex(num(1.5e-300))).toBe('1.5 \\cdot 10^{-300}');
    expect(toLatex(mul(X, num(-1.5e-300)))).toBe('x \\left(-1.5 \\cdot 10^{-300}\\right)');
    expect(toLatex(pow(num(1.5e-300), X))).toBe('\\left(1.5 \\cdot 10^{-300}\\right)^{x}');
    expect(() => katex.renderToString(toLatex(add(X, num(-1.5e-300))), { throwOnError: true })).not.toThrow();
  });

  test('named constants, read back by parseLatex', () => {
    const cases: [string, string][] = [
      ['Catalan', '\\operatorname{Catalan}'],
      ['EulerGamma', '\\gamma'],
      ['zeta(3)', '\\zeta\\left(3\\right)'],
      ['7*zeta(3)/8 - EulerGamma*x^2', '\\frac{7 \\zeta\\left(3\\right)}{8} - \\gamma x^{2}'],
      ['zeta(2)^x', '\\zeta\\left(2\\right)^{x}'],
      ['-oo', '-\\infty'],
    ];
    for (const [infix, tex] of cases) {
      const e = parseExpr(infix, undefined, { infinity: true });
      expect(toLatex(e)).toBe(tex);
      expect(parseLatex(tex, undefined, { infinity: true }), tex).toEqual(e);
      expect(() => katex.renderToString(tex, { throwOnError: true, strict: 'error' })).not.toThrow();
    }
  });

  test('special functions use \\operatorname', () => {
    expect(toLatex(fn('erf', X))).toBe('\\operatorname{erf}\\left(x\\right)');
    expect(toLatex(fn('Ei', X))).toBe('\\operatorname{Ei}\\left(x\\right)');
    expect(toLatex(fn('polylog', num(2), X))).toBe('\\operatorname{Li}_{2}\\left(x\\right)');
  });
});

describe('toLatex: KaTeX renders every random tree', () => {
  test('3000 trees over every whitelisted function', () => {
    const rng = createRng('toLatex-katex');
    for (let k = 0; k < 3000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 6), functions: ALL_FUNCTIONS, literals: 'wide', exponents: 'any' });
      const tex = toLatex(e);
      expect(() => katex.renderToString(tex, { throwOnError: true, strict: 'error' }), `${toInfix(e)} -> ${tex}`).not.toThrow();
    }
  });
});

describe('toLatex: means the same as the tree', () => {
  // The functions Compute Engine 0.27 reads back from our LaTeX (not cbrt: it takes the complex
  // principal root of negatives).
  const readable: FnName[] = ['sin', 'cos', 'tan', 'cot', 'atan', 'exp', 'log', 'sqrt', 'abs', 'sinh', 'cosh', 'tanh'];

  test('Compute Engine reads toLatex(e) as a function with the same values', () => {
    const ce = new ComputeEngine();
    const rng = createRng('toLatex-ce');
    let compared = 0;
    for (let k = 0; k < 300; k++) {
      const e = randomExpr(rng, { maxDepth: 2 + (k % 4), functions: readable, literals: 'small', exponents: 'tame' });
      const tex = toLatex(e);
      const parsed = ce.parse(tex);
      for (const x of SAMPLE_POINTS.slice(2)) {
        const ours = evaluate(e, x);
        // Near a pole (cot(pi) is 1/tan(3.14…) = -8e15 in floating point) neither side is meaningful.
        if (!Number.isFinite(ours) || Math.abs(ours) > 1e8) continue;
        const theirs = parsed.subs({ x }).N();
        if (theirs.im !== 0 && Math.abs(theirs.im) > 1e-9 * Math.abs(theirs.re)) continue; // their branch choice, not ours
        compared++;
        expect(close(ours, theirs.re, 1e-6), `${toInfix(e)} -> ${tex} at ${x}: ${ours} vs ${theirs.re}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  test('parsed problems print as expected', () => {
    expect(toLatex(parseExpr('x^2*sin(x) - 3/x + exp(-x)'))).toBe('x^{2} \\sin\\left(x\\right) - \\frac{3}{x} + e^{-x}');
  });
});
