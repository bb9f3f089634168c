import { describe, expect, test } from 'vitest';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { parseExpr } from '../../src/expr/parse.js';
import { simplify } from '../../src/expr/simplify.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { compareShrinkSize } from '../../src/shrink/compareShrinkSize.js';
import { deleteOperand } from '../../src/shrink/moves/deleteOperand.js';
import { replaceByChild } from '../../src/shrink/moves/replaceByChild.js';
import { replaceByConstant } from '../../src/shrink/moves/replaceByConstant.js';
import { replaceByX } from '../../src/shrink/moves/replaceByX.js';
import { simplifyConstant } from '../../src/shrink/moves/simplifyConstant.js';
import { shrinkCandidates } from '../../src/shrink/shrinkCandidates.js';
import { shrinkSize } from '../../src/shrink/shrinkSize.js';
import type { ShrinkMove } from '../../src/shrink/types.js';
import { createRng } from '../../src/util/rng.js';

const tree = (text: string) => simplify(parseExpr(text));
const proposals = (move: ShrinkMove, text: string): string[] => move.candidates(tree(text)).map((c) => toInfix(simplify(c.expr)));

describe('shrinking moves', () => {
  test('delete-operand drops each term of a sum and each factor of a product', () => {
    expect(proposals(deleteOperand, 'x + 544^x^2 + 628*x')).toEqual(['544^x^2 + 628*x', 'x + 628*x', 'x + 544^x^2', 'x + 544^x^2 + x', 'x + 544^x^2 + 628']);
  });

  test('replace-by-child puts a child in its parent\'s place', () => {
    expect(proposals(replaceByChild, 'sin(x^2)')).toEqual(['x^2', 'sin(x)', 'sin(2)']);
  });

  test('replace-by-x replaces any subtree or number by x', () => {
    expect(proposals(replaceByX, '3*sin(x)')).toEqual(['x', 'x*sin(x)', '3*x']);
  });

  test('replace-by-constant puts 1, 2, 3 and 10 in place of compound subtrees only', () => {
    expect(proposals(replaceByConstant, 'x + sin(x)')).toEqual(['1', '2', '3', '10', 'x + 1', 'x + 2', 'x + 3', 'x + 10']);
  });

  test('simplify-constant offers only simpler numbers, with and without the sign', () => {
    expect(proposals(simplifyConstant, '612*x')).toEqual(['x', '2*x', '3*x', '10*x']);
    expect(proposals(simplifyConstant, 'x - 5')).toEqual(['x + 1', 'x - 1', 'x + 2', 'x - 2', 'x + 3', 'x - 3', 'x + 5']);
    expect(proposals(simplifyConstant, '2*x')).toEqual(['x']);
    expect(proposals(simplifyConstant, 'x + 1')).toEqual([]);
  });

  test('candidates: checked, with x, strictly smaller, once per problem, smallest first', () => {
    const current = tree('x + 544^x^2 + 628*x');
    const size = shrinkSize(current);
    const candidates = shrinkCandidates(current, size, (e) => checkCandidate(e, { requireX: true }), createRng('order'), () => false);
    const infix = candidates.map((c) => c.infix);
    expect(infix.slice(0, 3)).toEqual(['x', '628*x', '544^x^2']);
    expect(new Set(candidates.map((c) => c.key)).size).toBe(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      expect(compareShrinkSize(candidates[i].size, size), candidates[i].infix).toBeLessThan(0);
      if (i > 0) expect(compareShrinkSize(candidates[i - 1].size, candidates[i].size)).toBeLessThanOrEqual(0);
    }
    // 1^x^2 simplifies to 1: no x, never a candidate; a skipped key is left out.
    expect(infix).not.toContain('1');
    const without = shrinkCandidates(current, size, (e) => checkCandidate(e, { requireX: true }), createRng('order'), (key) => key === candidates[0].key);
    expect(without.map((c) => c.infix)).not.toContain('x');
  });

  test('the size order: nodes, then characters, then simpler numbers', () => {
    const order = ['x', '2*x', '3*x', '10*x', 'x - 2', 'sin(x)'].map((t) => shrinkSize(tree(t)));
    expect(compareShrinkSize(order[0], order[1])).toBeLessThan(0);
    expect(compareShrinkSize(order[1], order[2])).toBeLessThan(0);
    expect(compareShrinkSize(order[2], order[3])).toBeLessThan(0);
    expect(compareShrinkSize(shrinkSize(tree('x + 2')), order[4])).toBeLessThan(0);
    expect(compareShrinkSize(order[5], shrinkSize(tree('sin(x)')))).toBe(0);
  });
});
