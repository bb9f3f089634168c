import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { richardson } from '../../../src/tasks/limit/richardson.js';
import { wynnEpsilon } from '../../../src/tasks/limit/wynnEpsilon.js';

const D = Decimal.clone({ precision: 50 });
const half = (k: number) => new D(2).pow(-k);
/** S_k = f(h_k) for h_k = 2^-k, k = 0..n-1. */
const sampled = (n: number, f: (h: Decimal) => Decimal) => Array.from({ length: n }, (_, k) => f(half(k)));

describe('wynnEpsilon', () => {
  it('is exact for a limit plus geometric terms (what sampling an analytic f at halving steps gives)', () => {
    // 3 + 5h - 7h^2 + 11h^3
    const e = wynnEpsilon(sampled(12, (h) => new D(3).plus(h.times(5)).minus(h.pow(2).times(7)).plus(h.pow(3).times(11))))!;
    expect(e.value.minus(3).abs().lt('1e-40')).toBe(true);
  });

  it('accelerates sqrt(h) and h·log(h) approaches, where Richardson in powers of h cannot', () => {
    const root = wynnEpsilon(sampled(24, (h) => new D(2).plus(h.sqrt()).plus(h)))!;
    expect(root.value.minus(2).abs().lt('1e-20')).toBe(true);
    const logarithmic = wynnEpsilon(sampled(24, (h) => new D(1).plus(h.times(h.ln()))))!;
    expect(logarithmic.value.minus(1).abs().lt('1e-12')).toBe(true);
    expect(logarithmic.error.lt('1e-10')).toBe(true);
  });

  it('reports a large error for values that do not settle', () => {
    const chaotic = wynnEpsilon(Array.from({ length: 24 }, (_, k) => new D(Math.sin(2 ** k * 7.3))))!;
    expect(chaotic.error.gt('1e-3')).toBe(true);
  });

  it('finds an "antilimit" for a sequence running away geometrically (why its callers check the values close in)', () => {
    const runaway = wynnEpsilon(sampled(10, (h) => new D(1).div(h)))!;
    expect(runaway.value.abs().lt('1e-30')).toBe(true);
  });

  it('needs three values', () => {
    expect(wynnEpsilon([new D(1), new D(2)])).toBeNull();
  });
});

describe('richardson', () => {
  it('extrapolates to h = 0 from uneven steps for f analytic in h', () => {
    // (1 + h)^(1/h) → e, at h = 1/8, 1/12, 1/16, 1/24 …
    const h = Array.from({ length: 16 }, (_, i) => new D(1).div(new D(8).times(new D(2).pow(i >> 1)).times(i % 2 === 1 ? 1.5 : 1)));
    const v = h.map((s) => new D(1).plus(s).pow(new D(1).div(s)));
    const e = richardson(h, v)!;
    expect(e.value.minus(D.exp(1)).abs().lt('1e-15')).toBe(true);
    expect(e.error.lt('1e-12')).toBe(true);
  });

  it('needs four values', () => {
    expect(richardson([half(0), half(1), half(2)], [new D(1), new D(1), new D(1)])).toBeNull();
  });
});
