import { describe, expect, it } from 'vitest';
import { erfi } from '../../../src/verify/special/erfi.js';

// Values from mpmath (mp.dps = 30): mpmath.erfi(10), mpmath.erfi(-26).
const at = (x: number) => erfi(x, { v: 0, err: 0 });

describe('erfi', () => {
  it('matches mpmath on the asymptotic branch, within its error bound', () => {
    for (const [x, exact] of [
      [10, Number('1.52430742270866969936e42')],
      [-26, Number('-8.3146371647309876553e291')],
    ] as const) {
      const r = at(x);
      expect(Math.abs(r.v - exact)).toBeLessThanOrEqual(r.err + 1e-15 * Math.abs(exact));
      expect(r.err).toBeLessThan(1e-12 * Math.abs(exact));
    }
  });

  it('is ±Infinity beyond a double at once, where the asymptotic series would take about x² steps', () => {
    expect(at(1e6)).toEqual({ v: Infinity, err: Infinity });
    expect(at(-1e6)).toEqual({ v: -Infinity, err: Infinity });
    expect(at(27).v).toBe(Infinity);
  });
});
