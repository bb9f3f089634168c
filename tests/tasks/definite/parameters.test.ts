import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { verifyDefinite } from '../../../src/tasks/definite/verifyDefinite.js';
import { verifyDefiniteStrings } from '../../../src/tasks/definite/verifyDefiniteStrings.js';

// The string entry point takes a line's `parameters` and judges the answer over instantiations of
// them; the tree entry point refuses a parameter without a value.
const positive = { parameters: { A: 'positive' } } as const;
const A = parseExpr('A', undefined, { parameters: ['A'] });

describe('definite integrals with parameters', () => {
  test('∫₀¹ A·x dx is A/2: right for every A, and 1/2 only for A = 1', () => {
    expect(verifyDefiniteStrings('A*x', '0', '1', 'A/2', positive).verdict).toBe('correct');
    expect(verifyDefiniteStrings('A*x', '0', '1', '1/2', positive)).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = [\d.]+: /),
    });
  });

  test('a bound may be a parameter: ∫₀^A 2x dx = A^2', () => {
    expect(verifyDefiniteStrings('2*x', '0', 'A', 'A^2', positive).verdict).toBe('correct');
    expect(verifyDefiniteStrings('2*x', '0', 'A', 'A', positive).verdict).toBe('incorrect');
  });

  test("without the line's parameters a parameter is unreadable; a tree with one is refused", () => {
    expect(verifyDefiniteStrings('A*x', '0', '1', 'A/2')).toMatchObject({ verdict: 'invalid', reason: expect.stringMatching(/^problem: unknown name 'A'/) });
    expect(
      verifyDefinite(A, { kind: 'finite', expr: parseExpr('0') }, { kind: 'finite', expr: parseExpr('1') }, { kind: 'closed', expr: parseExpr('1') }),
    ).toMatchObject({
      verdict: 'invalid',
      reason: expect.stringMatching(/^problem: the parameter A has no value/),
    });
  });
});
