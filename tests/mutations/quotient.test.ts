import { describe, expect, it } from 'vitest';
import { quotient } from '../../mutations/quotient.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { singleMutants, stepChildren, type uniformMutation } from './helpers.js';

const children = (source: string, count: number, mutateCopy?: typeof uniformMutation): string[] => stepChildren(quotient, 'quo', source, count, mutateCopy);

const binomialPowerQuotient = /^\(x [+-] \d+\)\^\d+\/\(x [+-] \d+\)\^\d+$/;

describe('quotient', () => {
  it('builds quotients of related parts in one step, which no single mutation builds', () => {
    // A factor of a product moved under the rest: (x + 1)^2/(x + 2)^2 and (x + 2)^2/(x + 1)^2.
    const fromProduct = children('(x + 1)^2*(x + 2)^2', 400);
    expect(fromProduct).toContain('(x + 1)^2/(x + 2)^2');
    expect(fromProduct).toContain('(x + 2)^2/(x + 1)^2');
    // A part over its near relative: (x + 3)^2 over (x + 3 ± k)^2.
    const fromSquare = children('(x + 3)^2', 400);
    expect(fromSquare.some((c) => binomialPowerQuotient.test(c) && c.startsWith('(x + 3)^2/'))).toBe(true);
    const fromLinear = children('x + 3', 400);
    expect(fromLinear.some((c) => /^\(x \+ 3\)\/\(x [+-] \d+\)$/.test(c))).toBe(true);
    // None of these comes from one mutation of the same problems.
    const mutants = singleMutants(['(x + 1)^2*(x + 2)^2', '(x + 3)^2', 'x + 3'], 400);
    expect(mutants.filter((c) => /\)(\^\d+)?\/\(x [+-] \d+\)/.test(c))).toEqual([]);
  });

  it('uses the given mutation for the relative when the part has no number', () => {
    const seen: string[] = [];
    const out = children('x^2 + x', 200, () => (e) => {
      seen.push(toInfix(e));
      return parseExpr('x + 11');
    });
    expect(out.some((c) => c.includes('/(x + 11)'))).toBe(true);
    expect(seen).toContain('x');
  });

  it('is a function of its generator and leaves its input alone', () => {
    const tree = parseExpr('(x + 1)*(x + 5)');
    const a = children('(x + 1)*(x + 5)', 30);
    expect(children('(x + 1)*(x + 5)', 30)).toEqual(a);
    expect(toInfix(tree)).toBe('(x + 1)*(x + 5)');
  });
});
