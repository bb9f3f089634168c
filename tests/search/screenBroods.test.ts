import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { screenBroods } from '../../src/search/screenBroods.js';
import type { AskedProblem } from '../../src/search/searchTypes.js';

const asked = (id: string): AskedProblem => ({ id, key: id, expr: parseExpr('x'), infix: 'x', latex: 'x', parent: 'x', attempt: 0 });

describe('screenBroods', () => {
  it("keeps each slot's fittest child, in slot order", () => {
    const problems = ['a', 'b', 'c', 'd', 'e', 'f'].map(asked);
    const kept = screenBroods(problems, [0, 0, 0, 2, 5, 5], [0.1, 0.7, 0.3, 0.2, 0.5, 0.9]);
    expect(kept.map((p) => p.id)).toEqual(['b', 'd', 'f']);
  });

  it('keeps the first drawn on a tie, and ranks a score that is not a number last', () => {
    const problems = ['a', 'b', 'c', 'd'].map(asked);
    expect(screenBroods(problems, [0, 0, 1, 1], [0.5, 0.5, Number.NaN, 0]).map((p) => p.id)).toEqual(['a', 'd']);
  });

  it('asks every child of a brood of one, and nothing of nothing', () => {
    const problems = ['a', 'b', 'c'].map(asked);
    expect(screenBroods(problems, [0, 1, 2], [3, 2, 1])).toEqual(problems);
    expect(screenBroods([], [], [])).toEqual([]);
  });

  it('refuses scores or slots that do not match the problems', () => {
    expect(() => screenBroods([asked('a')], [0], [])).toThrow(RangeError);
    expect(() => screenBroods([asked('a')], [], [1])).toThrow(RangeError);
  });
});
