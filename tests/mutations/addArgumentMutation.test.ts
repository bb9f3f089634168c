import { describe, expect, test } from 'vitest';
import { addArgumentMutation } from '../../mutations/addArgumentMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import type { Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack, SAMPLE_TREES, TRIG_PARAMS, usesFunction } from './helpers.js';

// A simple operand s: k, x, k*x or x^k, as printed.
const SIMPLE_OPERAND = /^(-?\d+|x|-?\d+\*x|x\^(\d+|\(-\d+\)))$/;

function outcomes(tree: Expr, params = PARAMS, n = 200, seed = 'aa'): Expr[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => addArgumentMutation(tree, rng, params));
}

describe('addArgumentMutation', () => {
  test('a sum or product gains one simple operand, of all four kinds', () => {
    for (const text of ['x + 1', '2*x*sin(x)']) {
      const tree = parseExpr(text);
      const kinds = new Set<string>();
      for (const o of outcomes(tree)) {
        expect(o.type).toBe(tree.type);
        if (o.type !== 'add' && o.type !== 'mul') continue;
        expect(o.args.length).toBe((tree as { args: readonly Expr[] }).args.length + 1);
        expect(o.args.slice(0, -1)).toEqual((tree as { args: readonly Expr[] }).args);
        const s = toInfix(o.args[o.args.length - 1]);
        expect(s).toMatch(SIMPLE_OPERAND);
        kinds.add(s === 'x' ? 'x' : s.includes('*') ? 'kx' : s.includes('^') ? 'x^k' : 'k');
        expect(readsBack(o)).toBe(true);
      }
      expect(kinds.size).toBe(4);
    }
  });

  test('a one-argument function f(a) becomes f(a + s)', () => {
    for (const o of outcomes(parseExpr('sin(x^2)'))) {
      expect(o.type === 'fn' && o.name === 'sin').toBe(true);
      if (o.type !== 'fn') continue;
      const inner = o.args[0];
      expect(inner.type).toBe('add');
      if (inner.type !== 'add') continue;
      expect(inner.args[0]).toEqual(parseExpr('x^2'));
      expect(toInfix(inner.args[1])).toMatch(SIMPLE_OPERAND);
    }
  });

  test('a power gets s added to its base or to its exponent', () => {
    const where = new Set<string>();
    for (const o of outcomes(parseExpr('x^3'))) {
      expect(o.type).toBe('pow');
      if (o.type !== 'pow') continue;
      const [b, e] = o.args;
      if (b.type === 'add') {
        expect(b.args[0]).toEqual(parseExpr('x'));
        expect(e).toEqual(parseExpr('3'));
        where.add('base');
      } else {
        expect(b).toEqual(parseExpr('x'));
        expect(e.type === 'add' && e.args[0].type === 'num' && e.args[0].value === 3).toBe(true);
        where.add('exponent');
      }
    }
    expect([...where].sort()).toEqual(['base', 'exponent']);
  });

  test('in trig runs the new operand is sometimes wrapped in sin, cos or tan', () => {
    const outs = outcomes(parseExpr('x + 1'), TRIG_PARAMS, 300);
    const wrapped = outs.filter((o) => ['sin', 'cos', 'tan'].some((f) => usesFunction(o, f)));
    expect(wrapped.length).toBeGreaterThan(50);
    expect(wrapped.length).toBeLessThan(250);
    expect(outcomes(parseExpr('x + 1'), PARAMS, 300).some((o) => ['sin', 'cos', 'tan'].some((f) => usesFunction(o, f)))).toBe(false);
  });

  test('results read back through the parser for every node kind', () => {
    const rng = createRng('aa-all');
    for (const tree of SAMPLE_TREES) {
      for (let i = 0; i < 30; i++) expect(readsBack(addArgumentMutation(tree, rng, TRIG_PARAMS))).toBe(true);
    }
  });
});
