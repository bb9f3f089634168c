import { describe, expect, test } from 'vitest';
import { leafConstantMutation } from '../../mutations/leafConstantMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack } from './helpers.js';

describe('leafConstantMutation', () => {
  test('replaces a leaf by an integer in range, roughly uniformly', () => {
    const rng = createRng('lc');
    const counts = new Map<number, number>();
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const out = leafConstantMutation(parseExpr(i % 2 ? 'x' : '7'), rng, { ...PARAMS, vmin: 1, vmax: 6 });
      if (out.type !== 'num') throw new Error(`expected a number, got ${out.type}`);
      counts.set(out.value, (counts.get(out.value) ?? 0) + 1);
      if (i < 20) expect(readsBack(out)).toBe(true);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // Each of 6 values: expected 1000, standard deviation ≈ 29; 5 sigma bounds.
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(850);
      expect(c).toBeLessThan(1150);
    }
  });

  test('draws negative constants too, which print and read back', () => {
    const rng = createRng('lc-neg');
    let negatives = 0;
    for (let i = 0; i < 200; i++) {
      const out = leafConstantMutation(parseExpr('x'), rng, PARAMS);
      if (out.type === 'num' && out.value < 0) {
        negatives++;
        expect(readsBack(out)).toBe(true);
      }
    }
    expect(negatives).toBeGreaterThan(50);
  });
});
