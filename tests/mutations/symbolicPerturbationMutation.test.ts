import { describe, expect, test } from 'vitest';
import { mutate } from '../../mutations/mutate.js';
import { numberErasedShape } from '../../mutations/numberErasedShape.js';
import { MUTATION_PRESETS, resolveMutationConfig } from '../../mutations/presets.js';
import { MAX_PROBLEM_PARAMETERS, symbolicPerturbationMutation } from '../../mutations/symbolicPerturbationMutation.js';
import { freeSymbols } from '../../src/expr/freeSymbols.js';
import { parseExpr } from '../../src/expr/parse.js';
import { simplify } from '../../src/expr/simplify.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { num, sym, X } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS } from './helpers.js';

describe('symbolicPerturbationMutation', () => {
  test('a number becomes the first free parameter letter; any other leaf stays', () => {
    const rng = createRng('sp');
    expect(symbolicPerturbationMutation(num(3), rng, PARAMS)).toEqual(sym('A'));
    expect(symbolicPerturbationMutation(num(3), rng, { ...PARAMS, parameters: ['A'] }).type).toBe('sym');
    expect(symbolicPerturbationMutation(X, rng, PARAMS)).toBe(X);
    expect(symbolicPerturbationMutation(sym('pi'), rng, PARAMS)).toEqual(sym('pi'));
  });

  test('reuses an existing parameter half of the time, and always past four', () => {
    const rng = createRng('sp-reuse');
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const out = symbolicPerturbationMutation(num(2), rng, { ...PARAMS, parameters: ['A', 'B'] });
      if (out.type !== 'sym') throw new Error('expected a parameter');
      counts.set(out.name, (counts.get(out.name) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['A', 'B', 'F']);
    // Fresh F half of the time (1000 ± 5σ, σ ≈ 22), A and B a quarter each.
    expect(counts.get('F')!).toBeGreaterThan(890);
    expect(counts.get('F')!).toBeLessThan(1110);
    const four = ['A', 'B', 'F', 'G'] as const;
    expect(MAX_PROBLEM_PARAMETERS).toBe(4);
    for (let i = 0; i < 200; i++) {
      const out = symbolicPerturbationMutation(num(2), rng, { ...PARAMS, parameters: four });
      expect(out.type === 'sym' && (four as readonly string[]).includes(out.name)).toBe(true);
    }
  });

  test('through mutate, numbers turn into up to four parameters and the shape with numbers erased holds', () => {
    const cfg = resolveMutationConfig('robustness', { leaf: { leafConstantMutation: 0, symbolicPerturbationMutation: 1 } });
    const rng = createRng('sp-mutate');
    const start = simplify(parseExpr('3*x^2 + 5*sin(7*x) - 2/(x + 4) + 6*exp(9*x)'));
    let tree = start;
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      tree = mutate(tree, rng, cfg);
      expect(numberErasedShape(tree)).toBe(numberErasedShape(start));
      for (const p of freeSymbols(tree).parameters) seen.add(p);
      // The problem reads back once its parameters are listed.
      expect(toInfix(parseExpr(toInfix(tree), undefined, { parameters: freeSymbols(tree).parameters }))).toBe(toInfix(tree));
    }
    expect([...seen].sort()).toEqual(['A', 'B', 'F', 'G']);
  });

  test('off in every preset: no preset draws it, and weight 0 is the same as leaving it out', () => {
    for (const preset of [...MUTATION_PRESETS, 'distance+semantic', 'uniform+semantic']) {
      expect(resolveMutationConfig(preset).leaf.symbolicPerturbationMutation ?? 0).toBe(0);
    }
    const plain = resolveMutationConfig('distance');
    const zero = resolveMutationConfig('distance', { leaf: { symbolicPerturbationMutation: 0 } });
    const a = createRng('zero');
    const b = createRng('zero');
    let tree = parseExpr('2*x + 3');
    let other = tree;
    for (let i = 0; i < 300; i++) {
      tree = mutate(tree, a, plain);
      other = mutate(other, b, zero);
      expect(other).toEqual(tree);
      expect(freeSymbols(tree).parameters).toEqual([]);
    }
  });
});
