import { describe, expect, test } from 'vitest';
import { operationChangeMutation } from '../../mutations/operationChangeMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { add, div, mul, num, pow, X, type Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack, SAMPLE_TREES, TRIG_PARAMS } from './helpers.js';

function outcomes(tree: Expr, params = PARAMS, n = 300, seed = 'oc'): Expr[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => operationChangeMutation(tree, rng, params));
}

describe('operationChangeMutation', () => {
  test('a sum becomes a product or a power of the same operands', () => {
    const outs = outcomes(add(X, num(1)));
    const kinds = new Set(outs.map((o) => o.type));
    expect([...kinds].sort()).toEqual(['mul', 'pow']);
    for (const o of outs) expect([JSON.stringify(mul(X, num(1))), JSON.stringify(pow(X, num(1)))]).toContain(JSON.stringify(o));
  });

  test('to a power, the first operand is the base and the rest, under the old operation, the exponent', () => {
    const tree = parseExpr('x + 1 + x^2');
    const powers = outcomes(tree).filter((o) => o.type === 'pow');
    expect(powers.length).toBeGreaterThan(0);
    for (const p of powers) expect(p).toEqual(pow(X, add(num(1), pow(X, num(2)))));
  });

  test('a quotient can become a sum, a product or a power', () => {
    const outs = outcomes(div(X, num(2)));
    expect(new Set(outs.map((o) => JSON.stringify(o)))).toEqual(new Set([add(X, num(2)), mul(X, num(2)), pow(X, num(2))].map((e) => JSON.stringify(e))));
  });

  test('a one-argument node gains a simple operand: sin(a) -> a + s, a*s or a^s', () => {
    const a = parseExpr('x^2 + 1');
    const kinds = new Set<string>();
    for (const o of outcomes(parseExpr('sin(x^2 + 1)'))) {
      expect(['add', 'mul', 'pow']).toContain(o.type);
      if (o.type !== 'add' && o.type !== 'mul' && o.type !== 'pow') continue;
      expect(o.args.length).toBe(2);
      expect(o.args[0]).toEqual(a);
      kinds.add(o.type);
      expect(readsBack(o)).toBe(true);
    }
    expect(kinds.size).toBe(3);
  });

  test('in trig runs a trig function may become another one, never itself', () => {
    const outs = outcomes(parseExpr('sin(2*x)'), TRIG_PARAMS, 400);
    const heads = new Set(outs.map((o) => (o.type === 'fn' ? o.name : o.type)));
    expect([...heads].sort()).toEqual(['add', 'cos', 'mul', 'pow', 'tan']);
    for (const o of outs) if (o.type === 'fn') expect(o.args[0]).toEqual(parseExpr('2*x'));
  });

  test('returns the node unchanged when the operation set offers nothing else', () => {
    const tree = parseExpr('x + 1');
    for (const o of outcomes(tree, { ...PARAMS, ops: ['add'] }, 20)) expect(o).toBe(tree);
  });

  test('results read back through the parser for every node kind', () => {
    const rng = createRng('oc-all');
    for (const tree of SAMPLE_TREES) {
      for (let i = 0; i < 30; i++) {
        expect(readsBack(operationChangeMutation(tree, rng, PARAMS))).toBe(true);
        expect(readsBack(operationChangeMutation(tree, rng, TRIG_PARAMS))).toBe(true);
      }
    }
  });
});
