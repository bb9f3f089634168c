import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import type { Expr } from '../../src/expr/types.js';
import { neighbourProblems } from '../../src/suite/neighbourProblems.js';
import type { SuiteProblem } from '../../src/suite/suiteTypes.js';
import { createRng } from '../../src/util/rng.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { compileTape } from '../../src/verify/tape.js';

const at = (e: Expr, x: number): number => createComplexEvaluator(compileTape(e))(x).re;
const base = (id: string, text: string, group: string): SuiteProblem => ({ id, row: [group], expr: parseExpr(text) });

describe('neighbourProblems', () => {
  const solved = [base('p1', '3*sin(2*x)', 'k1*sin(k2*x)'), base('p2', '5*x^2', 'k1*x^k2')];

  it('makes k·f, f/k, f + exp(x) and f + ln(x) of each solved problem, labelled by neighbourhood and group', () => {
    const neighbours = neighbourProblems(solved, createRng('t'));
    expect(neighbours.map((p) => p.row)).toEqual([
      ['k*f', 'k1*sin(k2*x)'],
      ['f/k', 'k1*sin(k2*x)'],
      ['f + exp(x)', 'k1*sin(k2*x)'],
      ['f + ln(x)', 'k1*sin(k2*x)'],
      ['k*f', 'k1*x^k2'],
      ['f/k', 'k1*x^k2'],
      ['f + exp(x)', 'k1*x^k2'],
      ['f + ln(x)', 'k1*x^k2'],
    ]);
    const x = 0.7;
    for (let i = 0; i < solved.length; i++) {
      const f = at(solved[i].expr, x);
      const [kf, fk, fe, fl] = neighbours.slice(4 * i, 4 * i + 4);
      const k1 = Number(kf.id.split(' ')[1]);
      const k2 = Number(fk.id.split(' ')[1]);
      for (const k of [k1, k2]) expect(k >= 1 && k <= 100 && Number.isInteger(k)).toBe(true);
      expect(at(kf.expr, x)).toBeCloseTo(k1 * f, 10);
      expect(at(fk.expr, x)).toBeCloseTo(f / k2, 10);
      expect(at(fe.expr, x)).toBeCloseTo(f + Math.exp(x), 10);
      expect(at(fl.expr, x)).toBeCloseTo(f + Math.log(x), 10);
      expect(kf.id.endsWith(solved[i].id)).toBe(true);
    }
  });

  it('draws its constants from the generator it is given', () => {
    const ids = (seed: string) => neighbourProblems(solved, createRng(seed)).map((p) => p.id);
    expect(ids('a')).toEqual(ids('a'));
    expect(ids('a')).not.toEqual(ids('b'));
  });
});
