import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/verify/parseDomain.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

/** The default budget: counted in work, so a loaded machine cannot turn a verdict into "unknown". */
const ROOMY = {};

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

  it('is unknown when the work budget runs out, with the same reason on every run', () => {
    const f = Array.from({ length: 300 }, (_, i) => `cos(${i + 1}*x)`).join(' + ');
    const F = Array.from({ length: 300 }, (_, i) => `sin(${i + 1}*x)/${i + 1}`).join(' + ');
    expect(verifyStrings(f, F).verdict).toBe('correct');
    const r = verifyStrings(f, F, { work: 50_000 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/^work budget of 50000 units used up after \d+ sample points/);
    expect(verifyStrings(f, F, { work: 50_000 }).reason).toBe(r.reason);
    expect(r.work).toBe(50_000);
  });

  it('reports the wall-clock backstop when it fires (budgetMs is its former name)', () => {
    for (const opts of [{ backstopMs: 0.001 }, { budgetMs: 0.001 }]) {
      const r = verifyStrings('x*cos(x)', 'x*sin(x) + cos(x)', opts);
      expect(r.verdict).toBe('unknown');
      expect(r.reason).toMatch(/wall-clock backstop of 0.001 ms fired .*runaway/);
    }
  });

  it('names the side a parse error is on', () => {
    expect(verifyStrings('x^', 'x').reason).toMatch(/^problem:/);
    expect(verifyStrings('x', 'x +* 2').reason).toMatch(/^answer:/);
    expect(verifyStrings('x', 'x +* 2').verdict).toBe('invalid');
  });
});

/** x, f and F' (a + bi) of an incorrect verdict's counterexample, and |f - F'|. */
function counterexample(reason: string): { x: number; f: number; d: number; gap: number } {
  const m = /^F' differs from f at x = (\S+): f = (\S+), F' = ([^;]+?)(?:;|$)/.exec(reason);
  if (m === null) throw new Error(`no counterexample in: ${reason}`);
  const complex = /^(\S+) ([+-]) (\S+)i$/.exec(m[3]);
  const re = Number(complex === null ? m[3] : complex[1]);
  const im = complex === null ? 0 : Number(complex[3]);
  const f = Number(m[2]);
  return { x: Number(m[1]), f, d: Math.hypot(re, im), gap: Math.hypot(f - re, im) };
}

describe("the rule: F' = f in complex arithmetic wherever f is real", () => {
  const traps: [string, string][] = [
    ['1/abs(x)', 'log(x)'],
    ['1/sqrt(x^2 - 4)', 'acosh(x/2)'],
    ['1/sqrt(abs(x))', '2*sqrt(x)'],
    ['1/abs(9 - x^2)', 'atanh(x/3)/3'],
    ['x/sqrt(x^2 + 1)', 'sqrt(-x^2 - 1)'], // complex at every real point
    ['1/(x*sqrt(x^2 - 1))', 'asec(x)'],
    ['sqrt(x^2)', 'x^2/2'],
    ['x^(2/3)', '3/5*abs(x)^(5/3)'],
    ['abs(x)^(1/3)', '3/4*x^(4/3)'],
  ];
  const counterparts: [string, string][] = [
    ['1/x', 'log(x)'],
    ['1/x', 'log(-x)'],
    ['1/(1 - x^2)', 'atanh(x)'],
    ['1/(1 + x^2)', 'atan(x)'],
    ['1/(1 + x^2)', '-atan(1/x)'],
    ['1/sqrt(x^2 - 4)', 'log(x + sqrt(x^2 - 4))'],
    ['2*x/(x^2 + 1)', 'log(-x^2 - 1)'],
    ['sqrt(x^2)', 'x*abs(x)/2'],
    ['x^(1/3)', '3/4*x^(4/3)'],
    ['x^(2/3)', '3/5*x^(5/3)'],
    ['1/x^(1/3)', '3/2*x^(2/3)'],
    ['1/x', 'log(abs(x)) + 3*sign(x)'],
  ];

  it.each(traps)('∫ %s ≠ %s: wrong where f is real, though F is not real there', (f, F) => {
    const r = verifyStrings(f, F);
    expect(r.verdict, r.reason).toBe('incorrect');
    expect(r.reason).not.toMatch(/another branch/);
    const c = counterexample(r.reason);
    expect(c.gap, r.reason).toBeGreaterThan(0.1 * Math.abs(c.f));
  });

  it.each(counterparts)('∫ %s = %s', (f, F) => {
    const r = verifyStrings(f, F);
    expect(r.verdict, r.reason).toBe('correct');
  });

  it("names where F' ≠ f and where F' = f", () => {
    const r = verifyStrings('1/abs(x)', 'log(x)');
    expect(r.reason).toMatch(/F' ≠ f at 93 of 186 points compared, in \[-1026.360666, -0.0001026360666\]; F' = f in \[0.0001026360666, 1026.360666\]$/);
  });

  it('names the clearest difference: a large relative one at a moderate x, with both values', () => {
    // At x = 1e-4 the two differ by 1e-15 (relatively), at x = 2 by 1e-7, at x = -15 by a factor of 200.
    const r = verifyStrings('exp(x)', 'exp(x) + x^3/10000000');
    expect(r.verdict).toBe('incorrect');
    const c = counterexample(r.reason);
    expect(Math.abs(c.x)).toBeGreaterThanOrEqual(0.1);
    expect(Math.abs(c.x)).toBeLessThanOrEqual(20);
    expect(c.gap).toBeGreaterThan(0.1 * Math.max(Math.abs(c.f), c.d));
  });

  it('decides integrands that vanish identically against a constant answer', () => {
    const zero = '(cos(x) + cos(x + 2*pi/3) + cos(x - 2*pi/3))^2';
    for (const constant of ['0', '5']) {
      const r = verifyStrings(zero, constant);
      expect(r.verdict, r.reason).toBe('correct');
      expect(r.reason).toMatch(/both sides vanish/);
    }
    expect(verifyStrings(zero, 'x').verdict).toBe('incorrect');
    expect(verifyStrings('sin(x)^2 + cos(x)^2 - 1', '7').verdict).toBe('correct');
    // Not zero, only small: 1e-30 does not shrink with the precision.
    expect(verifyStrings('(cos(x) + cos(x + 2*pi/3) + cos(x - 2*pi/3))^2 + 1/10^30', '0').verdict).not.toBe('correct');
  });
});

describe('a problem posed on an interval', () => {
  const domain = (text: string) => {
    const d = parseDomain(text);
    if (!d.ok) throw new Error(d.error);
    return d.domain;
  };
  // Contest answers, right on the contest's interval and wrong elsewhere on the real line.
  const contest: [string, string, string][] = [
    ['sqrt(csc(x) - sin(x))', '2*sqrt(sin(x))', '0,pi/2'],
    ['sqrt(1 + sin(2*x))', 'sin(x) - cos(x)', '-pi/4,3*pi/4'],
    ['sqrt(1 - cos(2*x))', '-sqrt(2)*cos(x)', '0,pi'],
    ['1/sqrt(x^2 - 1)', 'acosh(x)', '1,inf'],
    ['1/(x*sqrt(x^2 - 1))', 'asec(x)', '1,inf'],
  ];

  it.each(contest)('∫ %s = %s on (%s), and not on the whole real line', (f, F, interval) => {
    const on = verifyStrings(f, F, { domain: domain(interval) });
    expect(on.verdict, on.reason).toBe('correct');
    expect(on.reason).toMatch(/on the domain \(/);
    const off = verifyStrings(f, F);
    expect(off.verdict, off.reason).toBe('incorrect');
    expect(off.reason).toMatch(/; F' ≠ f at \d+ of \d+ points compared, in \[/);
  });

  it('is still incorrect when wrong inside the interval', () => {
    const r = verifyStrings('sqrt(csc(x) - sin(x))', 'sqrt(sin(x))', { domain: domain('0,pi/2') });
    expect(r.verdict).toBe('incorrect');
    expect(counterexample(r.reason).x).toBeGreaterThan(0);
    expect(counterexample(r.reason).x).toBeLessThan(Math.PI / 2);
  });

  it('checks a problem real only on a short interval at enough points', () => {
    expect(verifyStrings('2/sqrt(1 - (x + 9)^2)', '2*asin(x + 9)').verdict).toBe('correct');
  });
});

describe('parseDomain', () => {
  it('reads numbers, constants and infinite ends, as text or JSON', () => {
    expect(parseDomain('0,pi/2')).toEqual({ ok: true, domain: { lo: 0, hi: Math.PI / 2 } });
    expect(parseDomain('-inf, -1')).toEqual({ ok: true, domain: { lo: -Infinity, hi: -1 } });
    expect(parseDomain([1, 'oo'])).toEqual({ ok: true, domain: { lo: 1, hi: Infinity } });
  });

  it('refuses what is not an interval, saying what to give', () => {
    for (const bad of ['1', '2,1', 'x,2', '0,import("fs")', [0], '0,1,2', 7, '0,nan']) {
      const r = parseDomain(bad);
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/lo < hi/);
    }
  });
});
