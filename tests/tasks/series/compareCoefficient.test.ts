import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { compareCoefficient } from '../../../src/tasks/series/compareCoefficient.js';
import type { Scalar } from '../../../src/tasks/series/scalarArithmetic.js';

const D40 = Decimal.clone({ precision: 40 });
const D80 = Decimal.clone({ precision: 80 });
const DIGITS = [40, 80] as const;

const exact = (p: number, q = 1): [Scalar, Scalar] => [
  { exact: { p, q }, dec: new D40(p).div(q) },
  { exact: { p, q }, dec: new D80(p).div(q) },
];
const decimal = (at40: string, at80: string): [Scalar, Scalar] => [
  { exact: null, dec: new D40(at40) },
  { exact: null, dec: new D80(at80) },
];
const e40 = D40.exp(1).toString();
const e80 = D80.exp(1).toString();

describe('compareCoefficient', () => {
  it('compares exact values exactly', () => {
    expect(compareCoefficient({ expected: exact(1, 8), given: exact(1, 8) }, DIGITS, 0)).toBe('same');
    expect(compareCoefficient({ expected: exact(1, 8), given: exact(1, 6) }, DIGITS, 0)).toBe('differ');
  });

  it('agrees on a decimal value that is the same number at both precisions', () => {
    expect(compareCoefficient({ expected: decimal(e40, e80), given: decimal(e40, e80) }, DIGITS, 0)).toBe('same');
  });

  it('takes a value that shrinks with the precision (rounding of a vanishing sum) for 0', () => {
    expect(compareCoefficient({ expected: decimal('3e-39', '-2e-79'), given: exact(0) }, DIGITS, 0)).toBe('same');
  });

  it('calls a difference far beyond the noise, the same at both precisions, a difference', () => {
    // 355/113 against pi: 2.7e-7 apart.
    const pi40 = D40.acos(-1).toString();
    const pi80 = D80.acos(-1).toString();
    expect(compareCoefficient({ expected: decimal(pi40, pi80), given: exact(355, 113) }, DIGITS, 0)).toBe('differ');
  });

  it('is undecided when a value moves between the precisions (its digits are not to be believed)', () => {
    expect(compareCoefficient({ expected: decimal('1.0000000001', '1'), given: exact(1) }, DIGITS, 0)).toBe('undecided');
    expect(compareCoefficient({ expected: decimal('5', '3'), given: exact(3) }, DIGITS, 0)).toBe('undecided');
  });

  it('holds a decimal answer to 1e-6 relative, or absolute where the coefficient is 0', () => {
    expect(compareCoefficient({ expected: exact(1, 6), given: decimal('0.1666667', '0.1666667') }, DIGITS, 1e-6)).toBe('same');
    expect(compareCoefficient({ expected: exact(1, 6), given: decimal('0.1667', '0.1667') }, DIGITS, 1e-6)).toBe('differ');
    expect(compareCoefficient({ expected: exact(0), given: decimal('0.0000005', '0.0000005') }, DIGITS, 1e-6)).toBe('same');
    expect(compareCoefficient({ expected: exact(0), given: decimal('0.000002', '0.000002') }, DIGITS, 1e-6)).toBe('differ');
  });

  it('is undecided without the second precision when a side is not exact', () => {
    const [at40] = decimal(e40, e80);
    expect(compareCoefficient({ expected: [at40], given: [exact(1)[0]] }, DIGITS, 0)).toBe('undecided');
  });
});
