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

  test("replace-by-child puts a child in its parent's place", () => {
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

  test('candidates: checked, with x, strictly smaller, once per problem, big steps first, top down, the largest cut first', () => {
    const current = tree('x + 544^x^2 + 628*x');
    const size = shrinkSize(current);
    const candidates = shrinkCandidates(
      current,
      size,
      (e) => checkCandidate(e, { requireX: true }),
      createRng('order'),
      () => false,
    );
    const infix = candidates.map((c) => c.infix);
    // Each term of the sum deleted, the largest cut first.
    expect(infix.slice(0, 3)).toEqual(['x + 628*x', 'x + 544^x^2', '544^x^2 + 628*x']);
    expect(candidates.slice(0, 3).map((c) => c.move)).toEqual(['delete-operand', 'delete-operand', 'delete-operand']);
    expect(new Set(candidates.map((c) => c.key)).size).toBe(candidates.length);
    const rank = (move: string) => ['delete-operand', 'replace-by-child'].indexOf(move) + 1 || 3;
    for (let i = 0; i < candidates.length; i++) {
      expect(compareShrinkSize(candidates[i].size, size), candidates[i].infix).toBeLessThan(0);
      if (i === 0) continue;
      const [a, b] = [candidates[i - 1], candidates[i]];
      expect(rank(a.move)).toBeLessThanOrEqual(rank(b.move));
      if (a.stride === b.stride) expect(a.depth).toBeLessThanOrEqual(b.depth);
      if (a.stride === b.stride && a.depth === b.depth) expect(compareShrinkSize(a.size, b.size)).toBeLessThanOrEqual(0);
    }
    expect(candidates.findIndex((c) => c.move === 'replace-by-child')).toBeGreaterThan(candidates.findLastIndex((c) => c.move === 'delete-operand'));
    // 1^x^2 simplifies to 1: no x, never a candidate; a skipped key is left out.
    expect(infix).not.toContain('1');
    const without = shrinkCandidates(
      current,
      size,
      (e) => checkCandidate(e, { requireX: true }),
      createRng('order'),
      (key) => key === candidates[0].key,
    );
    expect(without.map((c) => c.infix)).not.toContain(candidates[0].infix);
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
