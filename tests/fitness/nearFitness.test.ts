import { describe, expect, test } from 'vitest';
import { NEAR_EPSILON, nearFitness } from '../../fitness/nearFitness.js';
import { parseExpr } from '../../src/expr/parse.js';
import { ctxOf } from './helpers.js';

const v = (...xs: number[]) => Float64Array.from(xs);

describe('nearFitness', () => {
  test('cosine: 1 / min over targets of the cosine distance (eq. 4)', () => {
    const term = nearFitness(
      [
        { expr: parseExpr('x'), embedding: v(1, 0) },
        { expr: parseExpr('1'), embedding: v(0, 1) },
      ],
      'cosine',
    );
    // nearest target at distance 1 − 1/√2 for (1, 1)
    expect(term.score(ctxOf('x + 1', true, v(1, 1)))).toBeCloseTo(1 / (1 - Math.SQRT1_2), 9);
    // (3, 4): distances 1 − 0.6 = 0.4 and 1 − 0.8 = 0.2 → 1/0.2
    expect(term.score(ctxOf('x + 1', true, v(3, 4)))).toBeCloseTo(5, 9);
    // equal to a target: d = 0 is floored at ε
    expect(term.score(ctxOf('x', true, v(2, 0)))).toBe(1 / NEAR_EPSILON);
  });

  test('tree: 1 / min over targets of the tree edit distance', () => {
    const term = nearFitness([{ expr: parseExpr('x^2') }, { expr: parseExpr('sin(x) + 1') }], 'tree');
    expect(term.score(ctxOf('x^3'))).toBe(1); // relabel 2 → 3
    expect(term.score(ctxOf('cos(x) + 2'))).toBe(1 / 2); // relabel sin → cos and 1 → 2
    expect(term.score(ctxOf('x^2'))).toBe(1 / NEAR_EPSILON);
    expect(term.score(ctxOf('x'))).toBe(1 / 2); // x^2 minus two nodes
  });

  test('cosine needs embeddings', () => {
    expect(() => nearFitness([{ expr: parseExpr('x') }], 'cosine')).toThrow(/embedding/);
    const term = nearFitness([{ expr: parseExpr('x'), embedding: v(1) }], 'cosine');
    expect(() => term.score(ctxOf('x'))).toThrow(/ctx.embedding/);
    expect(() => nearFitness([], 'tree')).toThrow(/at least one target/);
  });
});
