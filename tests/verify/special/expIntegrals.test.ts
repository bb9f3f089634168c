import { describe, expect, it } from 'vitest';
import { ei } from '../../../src/verify/special/expIntegrals.js';

// Values from mpmath (mp.dps = 30): mpmath.ei(100), mpmath.ei(700).
const at = (x: number) => ei(x, { v: 0, err: 0 });

describe('ei', () => {
  it('matches mpmath on the asymptotic branch, within its error bound', () => {
    for (const [x, exact] of [
      [100, Number('2.71555274485387982191e41')],
      [700, Number('1.45097873605256085262e301')],
    ] as const) {
      const r = at(x);
      expect(Math.abs(r.v - exact)).toBeLessThanOrEqual(r.err + 1e-15 * Math.abs(exact));
      expect(r.err).toBeLessThan(1e-12 * Math.abs(exact));
    }
  });

  it('is Infinity beyond a double at once, where the asymptotic series would take about x steps', () => {
    expect(at(1e13)).toEqual({ v: Infinity, err: Infinity });
    expect(at(710).v).toBe(Infinity);
  });
});
