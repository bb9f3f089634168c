import { describe, expect, test } from 'vitest';
import { canonicalKey } from '../../src/expr/canonical.js';
import { parseExpr } from '../../src/expr/parse.js';
import { mul, num, pow, X, type Expr } from '../../src/expr/types.js';
import { checkCandidate } from '../../constraints/checkCandidate.js';

const check = (text: string, opts = {}) => checkCandidate(parseExpr(text), opts);
const reason = (text: string, opts = {}) => {
  const r = check(text, opts);
  return r.ok ? 'ok' : r.reason;
};

describe('checkCandidate', () => {
  test('accepts ordinary problems and returns the simplified tree with its key', () => {
    const r = check('x*2*3 + 0');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.expr).toEqual(mul(num(6), X));
    expect(r.key).toBe(canonicalKey(parseExpr('6*x')));
    const a = check('x + 1');
    const b = check('1 + x');
    expect(a.ok && b.ok && a.key === b.key).toBe(true);
  });

  test('keeps constants (the paper seeds include 1) unless x is required', () => {
    expect(reason('1')).toBe('ok');
    expect(reason('pi')).toBe('ok');
    expect(reason('1', { requireX: true })).toBe('no x');
    expect(reason('x', { requireX: true })).toBe('ok');
  });

  test('accepts functions undefined at some points, refuses those undefined almost everywhere', () => {
    for (const ok of ['1/x', 'tan(x)', 'log(x)', 'sqrt(x)', 'x^(-3)', '1/(x^2 - 1)', 'asin(x)']) expect(reason(ok), ok).toBe('ok');
    for (const bad of ['sqrt(-x^2 - 1)', 'log(-x^2 - 2)', 'x^(-900)*exp(900*x^2)', 'sqrt(-3)', 'acosh(-x^2)', 'exp(exp(x^2 + 7))']) {
      expect(reason(bad), bad).toMatch(/undefined or not finite almost everywhere/);
    }
  });

  test('refuses problems whose value over- or underflows a double at the sample points', () => {
    // 576^(-893) is about 10^-2466: 0 in double arithmetic everywhere, though it is not 0.
    for (const bad of ['576^(-893)', 'x*576^(-893)', '10^(-400)*x', 'x*(1/2)^2000', 'exp(-(900 + x^2)^2)', 'x^2 * 10^(-320)']) {
      expect(reason(bad), bad).toMatch(/over- or underflows a double \(representable at fewer than 4 of 16 sample points\)/);
    }
    // Over- or underflowing at a few points is not refused: these are finite and exact at enough of them.
    for (const ok of ['exp(900*x)', 'exp(-1000*x^2)', 'x^1000', 'sin(x)^300', '0', 'x^(-893)', '1/(1 + exp(1000*x))', '3^(-10)*x']) {
      expect(reason(ok), ok).toBe('ok');
    }
    // The check is its own: with it, the existing limit on finite points keeps its reason.
    expect(reason('sqrt(-x^2 - 1)')).toMatch(/undefined or not finite almost everywhere/);
  });

  test('a tree with parameters is judged at a positive instance of them: defined there, or refused', () => {
    const read = (text: string) => parseExpr(text, undefined, { parameters: ['A', 'B'] });
    expect(checkCandidate(read('A*x + sin(B*x)')).ok).toBe(true);
    expect(checkCandidate(read('sqrt(-A - x^2)'))).toEqual({ ok: false, reason: expect.stringMatching(/not finite|undefined/) });
    expect(checkCandidate(read('log(A)*x')).ok).toBe(true);
    expect(checkCandidate(read('log(-A)*x')).ok).toBe(false);
  });

  test('functions the fast evaluator does not know are not refused for that', () => {
    expect(reason('Ei(x) + x')).toBe('ok');
  });

  test('refuses integers beyond ±10^7', () => {
    expect(reason('10000000*x')).toBe('ok');
    expect(reason('10000001*x')).toMatch(/literal 10000001 beyond ±10000000/);
    expect(checkCandidate(mul(num(-2e7), X)).ok).toBe(false);
    expect(reason('x^5000^2')).toMatch(/beyond/); // folded to 25000000
  });

  test('refuses text longer than 100 characters (configurable)', () => {
    const long = Array.from({ length: 8 }, (_, i) => `${1234567 + i}*x^${i + 2}`).join(' + '); // 8 × 16 chars, 41 nodes
    expect(reason(long)).toMatch(/longer than 100 characters/);
    expect(reason(long, { maxChars: 1000 })).toBe('ok');
  });

  test('refuses trees over the node and depth limits', () => {
    expect(reason('x^2 + x + 1', { maxNodes: 5 })).toMatch(/more than 5 nodes/);
    expect(reason('x^2 + x + 1', { maxNodes: 6 })).toBe('ok');
    let deep: Expr = X;
    for (let i = 0; i < 30; i++) deep = pow(deep, num(2));
    expect(checkCandidate(deep, { maxChars: 10000 })).toEqual({ ok: false, reason: 'deeper than 25 levels (31)' });
    expect(reason('sin(sin(sin(x)))', { maxDepth: 3 })).toMatch(/deeper than 3/);
  });
});
