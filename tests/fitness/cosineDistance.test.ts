import { describe, expect, test } from 'vitest';
import { cosineDistance } from '../../fitness/cosineDistance.js';

const v = (...xs: number[]) => Float64Array.from(xs);

describe('cosineDistance', () => {
  test('hand-computed values', () => {
    expect(cosineDistance(v(1, 0), v(1, 0))).toBe(0);
    expect(cosineDistance(v(1, 0), v(0, 1))).toBe(1);
    expect(cosineDistance(v(1, 0), v(-1, 0))).toBe(2);
    expect(cosineDistance(v(1, 0), v(1, 1))).toBeCloseTo(1 - Math.SQRT1_2, 12);
    expect(cosineDistance(v(1, 2, 3), v(2, 4, 6))).toBeCloseTo(0, 12);
    // (1,2,2)·(2,1,2) = 8; |a| = |b| = 3 → 1 − 8/9
    expect(cosineDistance(v(1, 2, 2), v(2, 1, 2))).toBeCloseTo(1 / 9, 12);
  });

  test('a zero vector is orthogonal to everything; dimension mismatch throws', () => {
    expect(cosineDistance(v(0, 0), v(1, 1))).toBe(1);
    expect(() => cosineDistance(v(1), v(1, 2))).toThrow(/dimensions/);
  });
});
