import { describe, expect, test } from 'vitest';
import { leafScaledSymbolMutation } from '../../mutations/leafScaledSymbolMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { mul, num, X } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack } from './helpers.js';

describe('leafScaledSymbolMutation', () => {
  test('replaces a leaf by k*x with k in range', () => {
    const rng = createRng('lss');
    for (let i = 0; i < 200; i++) {
      const out = leafScaledSymbolMutation(parseExpr(i % 2 ? 'x' : '5'), rng, { ...PARAMS, vmin: -9, vmax: 9 });
      expect(out.type).toBe('mul');
      if (out.type !== 'mul') continue;
      const [k, x] = out.args;
      expect(x).toEqual(X);
      expect(k.type === 'num' && Number.isInteger(k.value) && Math.abs(k.value) <= 9).toBe(true);
      expect(out).toEqual(mul(num((k as { value: number }).value), X));
      expect(readsBack(out)).toBe(true);
    }
  });
});
