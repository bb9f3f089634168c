import { describe, expect, it } from 'vitest';
import { graft } from '../../mutations/graft.js';
import { countNodes } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { createRng } from '../../src/util/rng.js';

const grafts = (parent: string, target: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => toInfix(graft(parseExpr(parent), parseExpr(target), createRng(`graft-${i}`))));

describe('graft', () => {
  it("puts a part of the parent in place of a part of the target: the parent's bug inside the target's structure", () => {
    const out = grafts('2^x^2 + 7', 'x^2*exp(-2*x)', 300);
    expect(out).toContain('2^x^2*exp(-2*x)');
    expect(out.some((c) => c.includes('2^x^2') && c.includes('exp('))).toBe(true);
    expect(new Set(out).size).toBeGreaterThan(10);
  });

  it('takes parts of about the size of what they replace, so the child stays near the size of the target', () => {
    const parent = '(x^3 + 5*x^2 + 7*x + 11)^2*sin(x)*exp(x)/(x + 1)';
    const target = 'x^2*exp(-2*x)';
    const limit = countNodes(parseExpr(target)).nodes * 3 + 1;
    for (const c of grafts(parent, target, 300)) expect(countNodes(parseExpr(c)).nodes).toBeLessThanOrEqual(limit);
    // A leaf of the target gets a part of at most three nodes, never the whole parent.
    expect(grafts(parent, target, 300)).not.toContain(toInfix(parseExpr(parent)));
  });

  it('is a function of its generator and leaves both trees alone', () => {
    const parent = parseExpr('(x + 3)^2');
    const target = parseExpr('tan(exp(2))/(18*x)');
    expect(grafts('(x + 3)^2', 'tan(exp(2))/(18*x)', 20)).toEqual(grafts('(x + 3)^2', 'tan(exp(2))/(18*x)', 20));
    graft(parent, target, createRng('g'));
    expect([toInfix(parent), toInfix(target)]).toEqual(['(x + 3)^2', 'tan(exp(2))/(18*x)']);
  });
});
