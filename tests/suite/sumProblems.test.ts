import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import type { SuiteProblem } from '../../src/suite/suiteTypes.js';
import { sumProblems } from '../../src/suite/sumProblems.js';
import { createRng } from '../../src/util/rng.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { compileTape } from '../../src/verify/tape.js';

const base = (id: string, text: string): SuiteProblem => ({ id, row: ['single'], expr: parseExpr(text) });

describe('sumProblems', () => {
  it('builds n sums per size from distinct solved problems, and notes a size with too few', () => {
    const solved = [base('a', 'sin(x)'), base('b', 'x^3')];
    const notes: string[] = [];
    const sums = sumProblems(solved, [2, 3], 3, createRng('t'), notes);
    expect(sums.map((s) => s.id)).toEqual(['sum2-0', 'sum2-1', 'sum2-2']);
    expect(sums.every((s) => s.row[0] === 'sum of 2')).toBe(true);
    // Two distinct parts of two problems: every sum is sin(x) + x^3.
    const x = 0.9;
    for (const s of sums) expect(createComplexEvaluator(compileTape(s.expr))(x).re).toBeCloseTo(Math.sin(x) + x ** 3, 12);
    expect(notes).toEqual(['sums of 3: only 2 solved base problems, none built']);
  });

  it('draws its parts from the generator it is given', () => {
    const solved = ['x', 'x^2', 'x^3', 'x^4', 'x^5', 'x^6'].map((t, i) => base(`p${i}`, t));
    const values = (seed: string) => sumProblems(solved, [2, 3], 4, createRng(seed), []).map((s) => createComplexEvaluator(compileTape(s.expr))(1.1).re);
    expect(values('a')).toEqual(values('a'));
    expect(values('a')).not.toEqual(values('b'));
  });
});
