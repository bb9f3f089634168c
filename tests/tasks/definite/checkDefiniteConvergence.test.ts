import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { checkDefiniteConvergence } from '../../../src/tasks/definite/checkDefiniteConvergence.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';

function check(f: string, lower: string, upper: string, work?: number) {
  const lo = parseBound(lower);
  const hi = parseBound(upper);
  if (!lo.ok || !hi.ok) throw new Error('bad bound');
  return checkDefiniteConvergence(parseExpr(f), lo.bound, hi.bound, work);
}

describe('checkDefiniteConvergence: integrands finite on the closed interval', () => {
  it.each([
    ['x*exp(x)', '0', '1'],
    ['sin(x)/x', '-1', '1'], // removable at 0
    ['x*log(x)', '0', '1'], // tends to 0
    ['log(1+x)/x', '0', '1'],
    ['abs(x - 1/3)', '0', '1'],
    ['tan(x)', '0', '1'],
    ['sqrt(1 - x^2)', '-1', '1'],
    ['1/log(x)', '2', '3'],
    ['sign(x)', '-1', '1'], // a jump is still finite
    ['1/(1+x^2)', '0', 'pi/2'],
  ])('accepts ∫ %s from %s to %s', (f, a, b) => {
    expect(check(f, a, b)).toEqual({ ok: true });
  });

  it.each([
    ['1/x', '0', '1', '1/x is not finite at x = 0 in [0, 1]'],
    ['log(x)', '0', '1', 'log(x) is not finite at x = 0 in [0, 1]'],
    ['x^(-1/2)', '0', '1', 'x^(-1/2) is not finite at x = 0 in [0, 1]'],
    ['1/(x - 1/2)', '0', '1', '1/(x - 1/2) is not finite at x = 0.5 in [0, 1]'],
    ['1/(x^2 - 2*x + 1)', '0', '2', 'is not finite at x = 1 in [0, 2]'],
    ['tan(x)', '0', '2', 'tan(x) is not finite at x = 1.570796327 in [0, 2]'],
    ['1/sqrt(1 - x^2)', '-1', '1', 'is not finite at x = -1 in [-1, 1]'],
    ['1/log(x)', '0', '2', 'is not finite at x = 1 in [0, 2]'],
    ['sqrt(x - 2)', '0', '3', 'sqrt(x - 2) is not real near x = 0 in [0, 3]'],
    ['log(x - 1)', '0', '3', 'log(x - 1) is not real near x = 0 in [0, 3]'],
    ['x', '1', '1', 'the interval [1, 1] is empty'],
  ])('refuses ∫ %s from %s to %s, saying why', (f, a, b, reason) => {
    const r = check(f, a, b);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});

describe('checkDefiniteConvergence: infinite intervals need a decaying tail', () => {
  it.each([
    ['exp(-x)', '0', 'oo'],
    ['1/x^2', '1', 'oo'],
    ['1/(1+x^2)', '-oo', 'oo'],
    ['exp(-x^2)*cos(x)', '-oo', 'oo'],
    ['x/(exp(x)-1)', '0', 'oo'],
    ['1/cosh(x)', '-oo', 'oo'],
    ['exp(x)', '-oo', '0'],
    ['sin(x)/x', '0', 'oo'], // oscillates with a shrinking envelope
  ])('accepts ∫ %s from %s to %s', (f, a, b) => {
    expect(check(f, a, b)).toEqual({ ok: true });
  });

  it.each([
    ['1/x', '1', 'oo', 'does not decay fast enough'],
    ['sin(x)', '0', 'oo', 'does not decay fast enough'],
    ['exp(x)', '0', 'oo', 'not finite'],
    ['1/(1+x)', '0', 'oo', 'does not decay fast enough'],
    ['exp(-x)', '-oo', 'oo', 'not finite'],
    ['1/x^2', '0', 'oo', '1/x^2 is not finite at x = 0 in [0, oo]'],
  ])('refuses ∫ %s from %s to %s, saying why', (f, a, b, reason) => {
    const r = check(f, a, b);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});

describe('checkDefiniteConvergence: deterministic and bounded', () => {
  it('gives the same answer every time', () => {
    for (const [f, a, b] of [
      ['log(x)*sin(x)', '0', '2'],
      ['1/(x - 1/3)', '0', '1'],
    ]) {
      expect(check(f, a, b)).toEqual(check(f, a, b));
    }
  });

  it('refuses, saying so, when its work budget runs out', () => {
    const r = check('sin(x)/x + cos(x)/(1 + x^2)', '-5', '5', 1000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('work budget');
  });
});
