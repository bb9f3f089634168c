import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { ScalarArithmetic } from '../../../src/tasks/series/scalarArithmetic.js';
import { SeriesRefusal } from '../../../src/tasks/series/seriesRefusal.js';
import { TaylorExpansion } from '../../../src/tasks/series/taylorExpansion.js';

const UNLIMITED = { left: Infinity, deadline: Infinity };

/** Coefficients 0..n of f at a, as exact `p/q` texts (or `~decimal` where not exact). */
function coefficients(f: string, a: string, n: number, digits = 40): string[] {
  const expansion = new TaylorExpansion(new ScalarArithmetic(digits, { ...UNLIMITED }));
  const s = expansion.of(parseExpr(f), expansion.variable(expansion.value(parseExpr(a))));
  return Array.from({ length: n + 1 }, (_, k) => {
    const c = s.at(k);
    return c.exact === null ? `~${c.dec.toSignificantDigits(12).toString()}` : c.exact.q === 1 ? String(c.exact.p) : `${c.exact.p}/${c.exact.q}`;
  });
}

function refusal(f: string, a: string, n: number): SeriesRefusal {
  try {
    coefficients(f, a, n);
  } catch (error) {
    if (error instanceof SeriesRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('TaylorExpansion (Taylor-mode arithmetic over the tree)', () => {
  it('gives the Bernoulli numbers of x/(e^x - 1) exactly, through a quotient whose divisor vanishes at 0', () => {
    // B_n / n!: 1, -1/2, 1/12, 0, -1/720, 0, 1/30240, 0, -1/1209600, 0, 1/47900160
    expect(coefficients('x/(exp(x) - 1)', '0', 10)).toEqual(['1', '-1/2', '1/12', '0', '-1/720', '0', '1/30240', '0', '-1/1209600', '0', '1/47900160']);
  });

  it('gives the tangent numbers of tan(x) to order 15 (each function through its derivative, tan via cos)', () => {
    const t = coefficients('tan(x)', '0', 15);
    expect(t.filter((_, k) => k % 2 === 1)).toEqual(['1', '1/3', '2/15', '17/315', '62/2835', '1382/155925', '21844/6081075', '929569/638512875']);
    expect(t.filter((_, k) => k % 2 === 0).every((c) => c === '0')).toBe(true);
  });

  it('expands powers with non-integer exponents by their recurrence, and x^x through exp(x·log x)', () => {
    // (1+x)^(-1/2) = 1 - x/2 + 3x^2/8 - 5x^3/16; x^x at 1 = 1 + (x-1) + (x-1)^2 + (x-1)^3/2
    expect(coefficients('(1 + x)^(-1/2)', '0', 3)).toEqual(['1', '-1/2', '3/8', '-5/16']);
    expect(coefficients('x^x', '1', 3)).toEqual(['1', '1', '1', '1/2']);
  });

  it('is exact at rational points where the values stay rational, and decimal otherwise', () => {
    // 1/(1 + x^2) at 1/2: f = 4/5, f' = -2x/(1 + x^2)^2 = -16/25, f''/2 = (6x^2 - 2)/(1 + x^2)^3/2 = -16/125
    expect(coefficients('1/(1 + x^2)', '1/2', 2)).toEqual(['4/5', '-16/25', '-16/125']);
    // exp at 1: e, e, e/2
    expect(coefficients('exp(x)', '1', 2)).toEqual(['~2.71828182846', '~2.71828182846', '~1.35914091423']);
  });

  it('refuses, proven by exact arithmetic, where there is no Taylor expansion', () => {
    for (const [f, why] of [
      ['log(x)', 'argument vanishes'],
      ['sqrt(x^2)', 'argument vanishes'],
      ['sign(x)', 'argument vanishes'],
      ['1/x^2', 'pole'],
      ['x^(1/3)', 'base vanishes'],
    ] as const) {
      const r = refusal(f, '0', 3);
      expect(r.kind, f).toBe('singular');
      expect(r.proven, f).toBe(true);
      expect(r.message, f).toContain(why);
    }
  });

  it('refuses as unsupported what it cannot compute, never guessing', () => {
    expect(refusal('gamma(x)', '1', 2).kind).toBe('unsupported'); // d/dx gamma needs digamma
    expect(refusal('erf(x)', '1', 2).kind).toBe('unsupported'); // no decimal erf
    expect(refusal('polylog(2, x)', '0', 2).kind).toBe('unsupported');
  });

  it('agrees with itself at two precisions to the lower one', () => {
    const low = coefficients('exp(sin(x))*cos(x)', '1/3', 6, 40);
    const high = coefficients('exp(sin(x))*cos(x)', '1/3', 6, 80);
    expect(low).toEqual(high);
  });
});
