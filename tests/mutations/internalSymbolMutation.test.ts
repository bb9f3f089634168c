import { describe, expect, test } from 'vitest';
import { internalSymbolMutation } from '../../mutations/internalSymbolMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack, SAMPLE_TREES } from './helpers.js';

describe('internalSymbolMutation', () => {
  test('replaces any subtree by x', () => {
    const rng = createRng('is');
    for (const tree of SAMPLE_TREES) {
      const out = internalSymbolMutation(tree, rng, PARAMS);
      expect(out).toEqual(parseExpr('x'));
      expect(readsBack(out)).toBe(true);
    }
  });

  test('does not modify its input', () => {
    const tree = parseExpr('x^2 + sin(x)');
    const before = JSON.stringify(tree);
    internalSymbolMutation(tree, createRng(1), PARAMS);
    expect(JSON.stringify(tree)).toBe(before);
  });
});
