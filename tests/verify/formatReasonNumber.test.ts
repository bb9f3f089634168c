import { describe, expect, it } from 'vitest';
import { formatReasonNumber } from '../../src/verify/formatReasonNumber.js';

describe('formatReasonNumber', () => {
  it('keeps every digit of the exponent, trimming zeros from the mantissa only', () => {
    expect(formatReasonNumber(1.234567891e-100)).toBe('1.234567891e-100');
    expect(formatReasonNumber(1.5e-100)).toBe('1.5e-100');
    expect(formatReasonNumber(2e-10)).toBe('2e-10');
    expect(formatReasonNumber(1.5e100)).toBe('1.5e+100');
  });

  it('reads back as the value to 10 significant digits', () => {
    for (const v of [0.5, -0.125, 57.646849, 1 / 3, Math.PI * 1e-7, -2.5e-300, 7.043]) {
      const s = formatReasonNumber(v);
      expect(Number(s)).toBeCloseTo(v, 0);
      expect(Math.abs(Number(s) - v)).toBeLessThanOrEqual(Math.abs(v) * 1e-9);
      expect(s).not.toMatch(/\.\d*0(e|$)/);
    }
    expect(formatReasonNumber(0.5)).toBe('0.5');
    expect(formatReasonNumber(-42)).toBe('-42');
  });
});
