import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { integrateDefinite } from '../../../src/tasks/definite/integrateDefinite.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';
import type { DefiniteBound, QuadratureResult } from '../../../src/tasks/definite/types.js';
import type { WorkMeter } from '../../../src/verify/workMeter.js';

// Exact values from decimal.js's own constants and functions at 60 digits, not from the code under test.
const D = Decimal.clone({ precision: 60 });
const PI = D.acos(-1);
const E = D.exp(1);

function bound(text: string): DefiniteBound {
  const b = parseBound(text);
  if (!b.ok) throw new Error(b.error);
  return b.bound;
}

function integrate(f: string, lower: string, upper: string, options = {}, work = 1e9): { r: QuadratureResult; spent: number } {
  const meter: WorkMeter = { left: work, deadline: Infinity };
  const r = integrateDefinite(parseExpr(f), bound(lower), bound(upper), options, meter);
  return { r, spent: work - meter.left };
}

/** The digits and goal the 30-digit cases ask for. */
const THIRTY = { digits: 40, relative: 1e-31 };

describe('integrateDefinite: known integrals to 30 digits, with honest error bounds', () => {
  const cases: [string, string, string, Decimal][] = [
    ['x*exp(x)', '0', '1', new D(1)],
    ['1/(1+x^2)', '0', '1', PI.div(4)],
    ['sin(x)', '0', 'pi', new D(2)],
    ['exp(x)', '-1', '2', E.pow(2).minus(new D(1).div(E))],
    ['log(x)', '0', '1', new D(-1)], // endpoint singularity
    ['x^(-1/2)', '0', '1', new D(2)], // endpoint singularity
    ['log(1-x)/x', '0', '1', PI.pow(2).div(-6)], // logarithmic singularity at the other end
    ['1/sqrt(1-x^2)', '-1', '1', PI], // both ends singular
    ['exp(-x^2)', '-oo', 'oo', PI.sqrt()], // both tails
    ['1/(1+x^2)', '-oo', 'oo', PI],
    ['x/(exp(x)-1)', '0', 'oo', PI.pow(2).div(6)], // exp overflows far out in the tail
    ['1/x^2', '1', 'oo', new D(1)], // algebraic tail
    ['x*sin(20*x)', '0', 'pi', PI.div(-20)], // oscillatory on a finite range
    ['abs(x - 1/3)', '0', '1', new D(5).div(18)], // a kink inside: split there
    ['x^3', '-1', '1', new D(0)], // cancels exactly
    ['exp(x)', '1', '0', new D(1).minus(E)], // reversed bounds
  ];
  for (const [f, a, b, exact] of cases) {
    it(`∫ ${f} from ${a} to ${b}`, () => {
      const { r } = integrate(f, a, b, THIRTY);
      expect(r.ok, r.ok ? '' : r.reason).toBe(true);
      if (!r.ok) return;
      const actual = r.value.minus(exact).abs();
      // 30 digits (of the value, or of ∫|f| when it cancels), and the bound holds what is left.
      const scale = exact.isZero() ? r.l1 : exact.abs();
      expect(actual.lte(scale.times('1e-30')), `${r.value} against ${exact}`).toBe(true);
      expect(actual.lte(r.error), `error ${actual} beyond the bound ${r.error}`).toBe(true);
      expect(r.error.lte(scale.times('1e-20')), `bound ${r.error}`).toBe(true);
    });
  }

  it('sums an oscillating tail: ∫ sin(x)/x from 0 to oo = π/2 to the goal, within its bound', () => {
    const { r } = integrate('sin(x)/x', '0', 'oo');
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return;
    const actual = r.value.minus(PI.div(2)).abs();
    expect(actual.lte(r.error)).toBe(true);
    expect(r.error.lte('1e-15')).toBe(true);
  });

  it('retries at more digits when the error is rounding: 1/sqrt(1 - x) ends where nodes round onto 1', () => {
    const { r } = integrate('1/sqrt(1-x)', '0', '1', { digits: 30 });
    expect(r.ok && r.digits > 30).toBe(true);
    if (r.ok) expect(r.value.minus(2).abs().lte(r.error)).toBe(true);
  });
});

describe('integrateDefinite: what it cannot do, it says', () => {
  it('a divergent integral does not converge', () => {
    const { r } = integrate('1/x', '0', '1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toBe('diverges');
  });

  it('sin(x) on [0, oo) has pieces that never shrink: no value', () => {
    const { r } = integrate('sin(x)', '0', 'oo');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('do not shrink');
  });

  it('an integrand that is not real inside the interval is undefined there', () => {
    const { r } = integrate('sqrt(x - 2)', '0', '3');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toBe('undefined');
  });

  it('a function without a high-precision evaluation is unsupported, not guessed', () => {
    const { r } = integrate('erf(x)', '0', '1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toBe('unsupported');
  });
});

describe('integrateDefinite: the work budget', () => {
  it('never spends more than its budget, and stops with `exhausted`', () => {
    for (const work of [1e5, 1e6, 5e6]) {
      const { r, spent } = integrate('exp(-x^2)*cos(x)', '-oo', 'oo', {}, work);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.why).toBe('exhausted');
      // Overshoot by at most the one evaluation under way.
      expect(spent).toBeLessThanOrEqual(work + 1e5);
    }
  });

  it('spends the same work for the same integral every time (work is counted, not timed)', () => {
    const a = integrate('log(x)*sin(x)', '0', '2');
    const b = integrate('log(x)*sin(x)', '0', '2');
    expect(a.r.ok && b.r.ok).toBe(true);
    expect(a.spent).toBe(b.spent);
    if (a.r.ok && b.r.ok) expect(a.r.value.eq(b.r.value)).toBe(true);
  });

  it('a pathological integrand (sin(1/x), infinitely many oscillations at 0) is undecided within its budget', () => {
    const work = 3e7;
    const { r, spent } = integrate('sin(1/x)', '0', '1', {}, work);
    expect(r.ok).toBe(false);
    expect(spent).toBeLessThanOrEqual(work + 1e5);
  });
});
