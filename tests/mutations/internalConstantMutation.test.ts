import { describe, expect, test } from 'vitest';
import { internalConstantMutation } from '../../mutations/internalConstantMutation.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack, SAMPLE_TREES } from './helpers.js';

describe('internalConstantMutation', () => {
  test('replaces the subtree by an integer constant within [vmin, vmax]', () => {
    const rng = createRng('ic');
    const seen = new Set<number>();
    for (const tree of SAMPLE_TREES) {
      for (let i = 0; i < 50; i++) {
        const out = internalConstantMutation(tree, rng, { ...PARAMS, vmin: -3, vmax: 4 });
        expect(out.type).toBe('num');
        if (out.type !== 'num') continue;
        expect(Number.isInteger(out.value)).toBe(true);
        expect(out.value).toBeGreaterThanOrEqual(-3);
        expect(out.value).toBeLessThanOrEqual(4);
        seen.add(out.value);
        expect(readsBack(out)).toBe(true);
      }
    }
    // All 8 values of the range show up in 550 draws.
    expect([...seen].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4]);
  });

  test('never draws an avoided value', () => {
    const rng = createRng('ic-avoid');
    for (let i = 0; i < 300; i++) {
      const out = internalConstantMutation(SAMPLE_TREES[3], rng, { ...PARAMS, vmin: -2, vmax: 2, avoid: [-1, 0, 1] });
      expect(out.type === 'num' && [-2, 2].includes(out.value)).toBe(true);
    }
  });

  test('is deterministic for a fixed seed', () => {
    const draw = (seed: string) => {
      const rng = createRng(seed);
      return SAMPLE_TREES.map((t) => internalConstantMutation(t, rng, PARAMS));
    };
    expect(draw('same')).toEqual(draw('same'));
    expect(draw('same')).not.toEqual(draw('other'));
  });
});
