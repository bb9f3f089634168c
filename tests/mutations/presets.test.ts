import { describe, expect, test } from 'vitest';
import { mutate } from '../../mutations/mutate.js';
import { numberErasedShape } from '../../mutations/numberErasedShape.js';
import { MUTATION_PRESETS, resolveMutationConfig } from '../../mutations/presets.js';
import { parseExpr } from '../../src/expr/parse.js';
import { simplify } from '../../src/expr/simplify.js';
import type { Expr } from '../../src/expr/types.js';
import { loadSeeds } from '../../src/seeds/loadSeeds.js';
import { createRng } from '../../src/util/rng.js';
import { nodesOf, shapeOf } from './helpers.js';

const numbersOf = (e: Expr): number[] => nodesOf(e).flatMap((n) => (n.type === 'num' ? [n.value] : []));

describe('presets', () => {
  test('lists the three presets', () => {
    expect([...MUTATION_PRESETS].sort()).toEqual(['distance', 'robustness', 'uniform']);
  });

  test('robustness changes numbers only: the shape with numbers erased never changes', () => {
    const cfg = resolveMutationConfig('robustness');
    const rng = createRng('robustness-shape');
    let changed = 0;
    let total = 0;
    for (const set of ['polynomial-robustness', 'trig-robustness', 'target']) {
      for (const seed of loadSeeds(set).exprs) {
        const start = simplify(seed);
        const shape = shapeOf(start);
        let tree = start;
        for (let i = 0; i < 40; i++) {
          tree = mutate(tree, rng, cfg);
          expect(shapeOf(tree)).toBe(shape);
          total++;
          if (JSON.stringify(tree) !== JSON.stringify(start)) changed++;
        }
      }
    }
    // It does mutate (almost always: a draw is only refused when folding would change the shape).
    expect(changed / total).toBeGreaterThan(0.9);
  });

  test('robustness draws new numbers from [-100, 100] without -1, 0, 1', () => {
    const cfg = resolveMutationConfig('robustness');
    const rng = createRng('robustness-range');
    const drawn = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const out = mutate(parseExpr('2*x + 5'), rng, cfg);
      for (const v of numbersOf(out)) drawn.add(v);
    }
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(-100);
    expect(Math.max(...drawn)).toBeLessThanOrEqual(100);
    expect(Math.min(...drawn)).toBeLessThan(-90);
    expect(Math.max(...drawn)).toBeGreaterThan(90);
    for (const v of [-1, 0, 1]) expect(drawn.has(v)).toBe(false);
  });

  test('distance and uniform use all seven operators; uniform draws from [-1000, 1000]', () => {
    const distance = resolveMutationConfig('distance');
    const uniform = resolveMutationConfig('uniform');
    for (const cfg of [distance, uniform]) {
      expect(Object.values(cfg.internal)).toEqual([0.25, 0.25, 0.25, 0.25]);
      expect(Object.values(cfg.leaf).map((p) => Number(p!.toFixed(4)))).toEqual([0.3333, 0.3333, 0.3333]);
    }
    expect([distance.vmin, distance.vmax]).toEqual([-100, 100]);
    expect([uniform.vmin, uniform.vmax]).toEqual([-1000, 1000]);
    const rng = createRng('uniform-range');
    let big = 0;
    for (let i = 0; i < 500; i++) if (numbersOf(mutate(parseExpr('x'), rng, uniform)).some((v) => Math.abs(v) > 100)) big++;
    expect(big).toBeGreaterThan(200);
  });
});

describe('resolveMutationConfig', () => {
  test('merges overrides into the preset (object or JSON text)', () => {
    const cfg = resolveMutationConfig('distance', { internal: { operationChangeMutation: 0.7 }, vmin: -5, vmax: 5, ops: ['add', 'mul', 'pow', 'sin'] });
    expect(cfg.internal).toEqual({ internalConstantMutation: 0.25, internalSymbolMutation: 0.25, operationChangeMutation: 0.7, addArgumentMutation: 0.25 });
    expect([cfg.vmin, cfg.vmax]).toEqual([-5, 5]);
    expect(cfg.ops).toEqual(['add', 'mul', 'pow', 'sin']);
    expect(resolveMutationConfig('uniform', '{"leaf": {"leafConstantMutation": 0}}').leaf.leafConstantMutation).toBe(0);
  });

  test('errors list the valid choices', () => {
    expect(() => resolveMutationConfig('fast')).toThrow(/unknown mutation preset 'fast'; valid ones: robustness, distance, uniform/);
    expect(() => resolveMutationConfig('uniform', { speed: 2 })).toThrow(
      /unknown mutation override 'speed'; valid ones: internal, leaf, vmin, vmax, ops, nodes, avoid/,
    );
    expect(() => resolveMutationConfig('uniform', { internal: { swapMutation: 1 } })).toThrow(
      /unknown internal mutation 'swapMutation'; valid ones: internalConstantMutation, internalSymbolMutation, operationChangeMutation, addArgumentMutation/,
    );
    expect(() => resolveMutationConfig('uniform', { leaf: { internalSymbolMutation: 1 } })).toThrow(
      /valid ones: leafConstantMutation, leafScaledSymbolMutation, leafSimpleOperationMutation/,
    );
    expect(() => resolveMutationConfig('uniform', { ops: ['add', 'exp'] })).toThrow(/unknown operation "exp"; valid ones: add, mul, pow, sin, cos, tan/);
    expect(() => resolveMutationConfig('uniform', { ops: ['sin'] })).toThrow(/at least one of add, mul, pow/);
    expect(() => resolveMutationConfig('uniform', { vmin: 5, vmax: 1 })).toThrow(/empty/);
    expect(() => resolveMutationConfig('uniform', { vmin: 0.5 })).toThrow(/integer/);
    expect(() => resolveMutationConfig('uniform', { leaf: { leafConstantMutation: -1 } })).toThrow(/>= 0/);
    expect(() => resolveMutationConfig('uniform', '{oops')).toThrow(/not valid JSON/);
    expect(() => resolveMutationConfig('uniform', [1])).toThrow(/JSON object/);
    expect(() => resolveMutationConfig('robustness', { leaf: { leafConstantMutation: 0 } })).toThrow(/positive probability/);
    expect(() => resolveMutationConfig('uniform', { vmin: -1, vmax: 1, avoid: [-1, 0, 1] })).toThrow(/every integer/);
  });
});

describe('+symbolic', () => {
  test('gives the symbolic perturbation a weight of its own beside the preset leaf operators; the presets alone have none', () => {
    for (const preset of MUTATION_PRESETS) expect(resolveMutationConfig(preset).leaf.symbolicPerturbationMutation ?? 0).toBe(0);
    const distance = resolveMutationConfig('distance+symbolic');
    const weights = Object.values(distance.leaf) as number[];
    expect(distance.leaf.symbolicPerturbationMutation! / weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1 / 4);
    expect(resolveMutationConfig('robustness+symbolic').leaf).toEqual({ leafConstantMutation: 1, symbolicPerturbationMutation: 1 });
    const both = resolveMutationConfig('uniform+semantic+symbolic');
    expect(both).toEqual(resolveMutationConfig('uniform+symbolic+semantic'));
    expect(both.internal.substitutionMutation).toBeGreaterThan(0);
    expect(() => resolveMutationConfig('fast+symbolic')).toThrow(/\+symbolic to any for parameters/);
  });

  test('robustness+symbolic turns numbers into parameters and keeps the shape with numbers (and parameters) erased', () => {
    const cfg = resolveMutationConfig('robustness+symbolic');
    const rng = createRng('symbolic-shape');
    let tree = simplify(parseExpr('3*x^2 + 5*sin(2*x)'));
    const shape = numberErasedShape(tree);
    for (let i = 0; i < 40; i++) {
      tree = mutate(tree, rng, cfg);
      expect(numberErasedShape(tree)).toBe(shape);
    }
    expect(JSON.stringify(tree)).toMatch(/"name":"[ABFG]"/);
  });
});
