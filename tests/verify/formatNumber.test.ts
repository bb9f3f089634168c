import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/verify/formatNumber.js';

describe('formatNumber', () => {
  it('keeps every digit of the exponent, trimming zeros from the mantissa only', () => {
    expect(formatNumber(1.234567891e-100)).toBe('1.234567891e-100');
    expect(formatNumber(1.5e-100)).toBe('1.5e-100');
    expect(formatNumber(2e-10)).toBe('2e-10');
    expect(formatNumber(1.5e100)).toBe('1.5e+100');
  });

  it('reads back as the value to 10 significant digits', () => {
    for (const v of [0.5, -0.125, 57.646849, 1 / 3, Math.PI * 1e-7, -2.5e-300, 7.043]) {
      const s = formatNumber(v);
      expect(Number(s)).toBeCloseTo(v, 0);
      expect(Math.abs(Number(s) - v)).toBeLessThanOrEqual(Math.abs(v) * 1e-9);
      expect(s).not.toMatch(/\.\d*0(e|$)/);
    }
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(-42)).toBe('-42');
  });
});
