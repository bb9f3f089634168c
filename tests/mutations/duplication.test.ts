import { describe, expect, it } from 'vitest';
import { duplication } from '../../mutations/duplication.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { singleMutants, stepChildren, type uniformMutation } from './helpers.js';

const children = (source: string, count: number, mutateCopy?: typeof uniformMutation): string[] => stepChildren(duplication, 'dup', source, count, mutateCopy);

describe('duplication', () => {
  it('builds products of two related factors in one step, which no single mutation builds', () => {
    const fromSquare = children('(x + 3)^2', 400);
    // (x + 3)^2 times itself with its 3 moved: a product of two powers of different binomials.
    expect(fromSquare.some((c) => /^\(x [+-] \d+\)\^2\*\(x [+-] \d+\)\^2$/.test(c) && c.includes('(x + 3)^2'))).toBe(true);
    const fromReciprocal = children('5/(x + 3)', 400);
    expect(fromReciprocal.some((c) => /^5\/\(\(x \+ 3\)\*\(x [+-] \d+\)\)$/.test(c))).toBe(true);
    // The copy may also be the run's own mutation of it: x^2 turned into a sum beside x^2.
    const fromSquareReciprocal = children('7/x^2', 400);
    expect(fromSquareReciprocal.some((c) => /^7\/\(x\^2\*\(x [+-] \d+\)\)$/.test(c))).toBe(true);
    // None of these comes from one mutation of the same problems.
    const mutants = singleMutants(['(x + 3)^2', '5/(x + 3)', '7/x^2'], 400);
    expect(mutants.filter((c) => /\(x [+-] \d+\)(\^2)?\*\(x [+-] \d+\)|x\^2\*\(x [+-] \d+\)/.test(c))).toEqual([]);
  });

  it('joins the part to its copy as a sum too, and uses the given mutation when the part has no number', () => {
    const seen: string[] = [];
    const out = children('x^2 + x', 200, () => (e) => {
      seen.push(toInfix(e));
      return parseExpr('x + 11');
    });
    expect(out.some((c) => c.includes('x + 11'))).toBe(true);
    // A leaf x has no number: its copy is always the mutation's.
    expect(seen).toContain('x');
    expect(new Set(out).size).toBeGreaterThan(5);
  });

  it('is a function of its generator and leaves its input alone', () => {
    const tree = parseExpr('7/(x + 2)');
    const a = children('7/(x + 2)', 30);
    expect(children('7/(x + 2)', 30)).toEqual(a);
    expect(toInfix(tree)).toBe('7/(x + 2)');
  });
});
