import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { verifySeries } from '../../../src/tasks/series/verifySeries.js';
import { verifySeriesStrings } from '../../../src/tasks/series/verifySeriesStrings.js';

// The string entry point takes a line's `parameters` and judges the answer over instantiations of
// them; the tree entry point refuses a parameter without a value.
const positive = { parameters: { A: 'positive' } } as const;
const A = parseExpr('A', undefined, { parameters: ['A'] });

describe('Taylor polynomials with parameters', () => {
  test('exp(A*x) to order 2 at 0 is 1 + A*x + A^2*x^2/2, and not the expansion of exp(x)', () => {
    expect(verifySeriesStrings('exp(A*x)', '0', 2, '1 + A*x + A^2*x^2/2', positive).verdict).toBe('correct');
    expect(verifySeriesStrings('exp(A*x)', '0', 2, '1 + x + x^2/2', positive)).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = /),
    });
  });

  test('a tree with a parameter without a value is refused', () => {
    expect(verifySeries(A, parseExpr('0'), 1, parseExpr('1')).verdict).toBe('invalid');
  });
});
