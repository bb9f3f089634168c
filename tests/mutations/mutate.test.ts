import { describe, expect, test } from 'vitest';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import type { MutationConfig } from '../../mutations/types.js';
import { canonicalKey } from '../../src/expr/canonical.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import { simplify } from '../../src/expr/simplify.js';
import type { Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { SAMPLE_TREES } from './helpers.js';

const ARITH = ['add', 'mul', 'pow'] as const;

function config(partial: Partial<MutationConfig>): MutationConfig {
  return { internal: {}, leaf: {}, vmin: 2, vmax: 9, ops: ARITH, ...partial };
}

describe('mutate', () => {
  test('mutants of every preset print to text the parser accepts, as the same expression, already simplified', () => {
    for (const preset of ['robustness', 'distance', 'uniform']) {
      const cfg = resolveMutationConfig(preset);
      const rng = createRng(`round-trip/${preset}`);
      for (const seed of SAMPLE_TREES) {
        let tree: Expr = seed;
        for (let i = 0; i < 15; i++) {
          tree = mutate(tree, rng, cfg);
          const text = toInfix(tree);
          const back = parseExpr(text);
          expect(canonicalKey(back)).toBe(canonicalKey(tree));
          expect(simplify(tree)).toEqual(tree);
        }
      }
    }
  });

  test('is deterministic for a fixed seed and differs across seeds', () => {
    const cfg = resolveMutationConfig('uniform');
    const run = (seed: string) => {
      const rng = createRng(seed);
      return SAMPLE_TREES.flatMap((t) => [0, 1, 2].map(() => toInfix(mutate(t, rng, cfg))));
    };
    expect(run('fixed')).toEqual(run('fixed'));
    expect(run('fixed')).not.toEqual(run('another'));
  });

  test('leaf operators are chosen with their configured probabilities', () => {
    // On the one-leaf tree x: leafConstant gives a number, leafScaledSymbol gives k*x.
    const cfg = config({ leaf: { leafConstantMutation: 0.75, leafScaledSymbolMutation: 0.25 } });
    const rng = createRng('leaf-probabilities');
    const n = 4000;
    let constants = 0;
    for (let i = 0; i < n; i++) {
      const out = mutate(parseExpr('x'), rng, cfg);
      if (out.type === 'num') constants++;
      else expect(out.type).toBe('mul');
    }
    // sd = sqrt(0.75·0.25/4000) ≈ 0.0068
    expect(Math.abs(constants / n - 0.75)).toBeLessThan(0.035);
  });

  test('internal vs leaf follows the chosen node, then the operator probabilities', () => {
    // x + 7: the root is chosen with probability 1/2 (path [root, leaf], uniform depth). At the
    // root: internalSymbol (0.8) gives x, internalConstant (0.2) a number; at a leaf,
    // leafScaledSymbol keeps a sum (x + k*x is folded by nothing; 7 → k*x gives x + k*x).
    const cfg = config({
      internal: { internalSymbolMutation: 0.8, internalConstantMutation: 0.2 },
      leaf: { leafScaledSymbolMutation: 1 },
    });
    const rng = createRng('kind-probabilities');
    const n = 4000;
    const counts = { x: 0, num: 0, other: 0 };
    for (let i = 0; i < n; i++) {
      const out = mutate(parseExpr('x + 7'), rng, cfg);
      if (out.type === 'sym') counts.x++;
      else if (out.type === 'num') counts.num++;
      else counts.other++;
    }
    expect(Math.abs(counts.x / n - 0.4)).toBeLessThan(0.04);
    expect(Math.abs(counts.num / n - 0.1)).toBeLessThan(0.025);
    expect(Math.abs(counts.other / n - 0.5)).toBeLessThan(0.04);
  });

  test('with only leaf operators configured, internal nodes are never replaced', () => {
    const cfg = config({ leaf: { leafConstantMutation: 1 } });
    const rng = createRng('leaf-only');
    for (let i = 0; i < 300; i++) {
      const out = mutate(parseExpr('sin(x) + cos(x)'), rng, cfg);
      // One of the two x leaves became a constant: exactly one trig call still has x.
      expect(toInfix(out)).toMatch(/^(sin\(\d\) \+ cos\(x\)|sin\(x\) \+ cos\(\d\))$/);
    }
  });

  test('with only internal operators configured, leaves are never the mutated node', () => {
    const cfg = config({ internal: { internalSymbolMutation: 1 } });
    const rng = createRng('internal-only');
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(toInfix(mutate(parseExpr('sin(2*x) + 3'), rng, cfg)));
    // Replacing the root, sin(2x) or 2x by x; never a leaf (which would give sin(x*x) + 3, sin(2x) + x, …).
    expect([...seen].sort()).toEqual(['sin(x) + 3', 'x', 'x + 3'].sort());
  });

  test('rejects a config without any positive probability', () => {
    expect(() => mutate(parseExpr('x'), createRng(1), config({}))).toThrow(/no operator/);
  });
});
