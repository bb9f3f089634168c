import { describe, expect, test } from 'vitest';
import { leafSimpleOperationMutation } from '../../mutations/leafSimpleOperationMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import { createRng } from '../../src/util/rng.js';
import { PARAMS, readsBack, TRIG_PARAMS, usesFunction } from './helpers.js';

// k1 ∘ x^k2 with ∘ ∈ {*, ^, /} and k2 ∈ {1, 2}, as printed by toInfix.
const SIMPLE = /^-?\d+(\*|\^|\/)x(\^2)?$/;

describe('leafSimpleOperationMutation', () => {
  test('gives k1 * x^k2, k1 ^ x^k2 or k1 / x^k2 with k2 in {1, 2}, all six forms', () => {
    const rng = createRng('lso');
    const forms = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const out = leafSimpleOperationMutation(parseExpr('x'), rng, { ...PARAMS, vmin: 2, vmax: 9 });
      const text = toInfix(out);
      expect(text).toMatch(SIMPLE);
      const m = SIMPLE.exec(text)!;
      forms.add(`${m[1]}${m[2] ?? ''}`);
      expect(readsBack(out)).toBe(true);
    }
    expect([...forms].sort()).toEqual(['*', '*^2', '/', '/^2', '^', '^^2']);
  });

  test('without trig in the operation set it never introduces functions', () => {
    const rng = createRng('lso-notrig');
    for (let i = 0; i < 200; i++) {
      const out = leafSimpleOperationMutation(parseExpr('1'), rng, PARAMS);
      expect(out.type === 'fn' || ['sin', 'cos', 'tan'].some((f) => usesFunction(out, f))).toBe(false);
    }
  });

  test('in trig runs the base may become sin(x), cos(x) or tan(x)', () => {
    const rng = createRng('lso-trig');
    const used = new Set<string>();
    let plain = 0;
    for (let i = 0; i < 400; i++) {
      const out = leafSimpleOperationMutation(parseExpr('x'), rng, TRIG_PARAMS);
      const fns = ['sin', 'cos', 'tan'].filter((f) => usesFunction(out, f));
      expect(fns.length).toBeLessThanOrEqual(1);
      if (fns.length === 0) plain++;
      else used.add(fns[0]);
      expect(readsBack(out)).toBe(true);
    }
    expect([...used].sort()).toEqual(['cos', 'sin', 'tan']);
    // Half plain: expected 200, sd 10.
    expect(plain).toBeGreaterThan(150);
    expect(plain).toBeLessThan(250);
  });
});
