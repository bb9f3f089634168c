import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { verifyLimit } from '../../../src/tasks/limit/verifyLimit.js';
import { verifyLimitStrings } from '../../../src/tasks/limit/verifyLimitStrings.js';

// The string entry point takes a line's `parameters` and judges the answer over instantiations of
// them; the tree entry point refuses a parameter without a value.
const positive = { parameters: { A: 'positive' } } as const;
const A = parseExpr('A', undefined, { parameters: ['A'] });

describe('limits with parameters', () => {
  test('sin(A*x)/x at 0 is A, not 1', () => {
    expect(verifyLimitStrings('sin(A*x)/x', '0', '+-', 'A', positive).verdict).toBe('correct');
    expect(verifyLimitStrings('sin(A*x)/x', '0', '+-', '1', positive)).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = /),
    });
  });

  test('the assumption decides: atan(A*x) at oo is pi/2 for a positive A and -pi/2 for a negative one', () => {
    expect(verifyLimitStrings('atan(A*x)', 'oo', undefined, 'pi/2', positive).verdict).toBe('correct');
    expect(verifyLimitStrings('atan(A*x)', 'oo', undefined, '-pi/2', { parameters: { A: 'negative' } }).verdict).toBe('correct');
    expect(verifyLimitStrings('atan(A*x)', 'oo', undefined, 'pi/2', { parameters: { A: 'real' } })).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = -/),
    });
  });

  test('a tree with a parameter without a value is refused', () => {
    expect(verifyLimit(A, { kind: 'infinite', sign: 1 }, undefined, { kind: 'dne' }).verdict).toBe('invalid');
  });
});
