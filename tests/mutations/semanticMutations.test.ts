import { describe, expect, test } from 'vitest';
import { identityInsertionMutation } from '../../mutations/identityInsertionMutation.js';
import { mutate } from '../../mutations/mutate.js';
import { numericBlowUpMutation } from '../../mutations/numericBlowUpMutation.js';
import { resolveMutationConfig, SEMANTIC_OPERATORS } from '../../mutations/presets.js';
import { substitutionMutation } from '../../mutations/substitutionMutation.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import { simplify } from '../../src/expr/simplify.js';
import { createRng } from '../../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { substituteX } from '../../src/expr/edit/substituteX.js';
import { PARAMS } from './helpers.js';

const PAIRS: [string, string][] = [
  ['3*cos(5*x)', '3/5*sin(5*x)'],
  ['2*x*exp(x^2)', 'exp(x^2)'],
  ['1/x', 'log(x)'],
  ['x^2 + 7', 'x^3/3 + 7*x'],
];

describe('meaning-aware mutation operators', () => {
  test('identity insertion at the root keeps the antiderivative', () => {
    const rng = createRng('identity');
    for (let i = 0; i < 40; i++) {
      const [p, a] = PAIRS[i % PAIRS.length];
      const mutant = simplify(identityInsertionMutation(parseExpr(p), rng, PARAMS));
      expect(toInfix(mutant)).not.toBe(toInfix(parseExpr(p)));
      expect(verifyPair(mutant, parseExpr(a), SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    }
  });

  test('substitution at the root: F(g(x)) is an antiderivative of the mutant, for the g it used', () => {
    const rng = createRng('subst');
    let verified = 0;
    for (let i = 0; i < 40; i++) {
      const [p, a] = PAIRS[i % PAIRS.length];
      const mutant = simplify(substitutionMutation(parseExpr(p), rng, PARAMS));
      // The mutant is f(g(x))·g'(x); read g back from it by trying F∘g for the cubic g drawn with
      // the same generator state.
      const g = /^(?:.*?)\((-?\d+\*x\^3[^()]*)\)/.exec(toInfix(mutant));
      expect(toInfix(mutant)).toContain('x^3');
      if (g) {
        const answer = substituteX(parseExpr(a), parseExpr(g[1]));
        if (verifyPair(mutant, answer, SEARCH_VERIFY_OPTIONS).verdict === 'correct') verified++;
      }
    }
    expect(verified).toBeGreaterThan(10);
  });

  test('numeric blow-up puts a 2- to 7-digit constant in', () => {
    const rng = createRng('blowup');
    for (let i = 0; i < 40; i++) {
      const mutant = numericBlowUpMutation(parseExpr('3*cos(5*x) + x^2'), rng, PARAMS);
      const nums = (toInfix(mutant).match(/\d+/g) ?? []).map(Number);
      expect(nums.some((v) => v >= 10 && v < 1e7)).toBe(true);
      expect(toInfix(mutant)).toContain('x^2');
    }
  });

  test('selectable as <preset>+semantic; plain presets are unchanged', () => {
    const plain = resolveMutationConfig('uniform');
    expect(plain.internal).not.toHaveProperty('substitutionMutation');
    const semantic = resolveMutationConfig('uniform+semantic');
    expect(semantic.internal).toMatchObject(SEMANTIC_OPERATORS);
    expect(() => resolveMutationConfig('robustness+semantic')).toThrow(/changes numbers only/);
    expect(() => resolveMutationConfig('fast+semantic')).toThrow(/valid ones: robustness, distance, uniform/);
    const rng = createRng('semantic-search');
    let identities = 0;
    for (let i = 0; i < 300; i++) {
      const out = toInfix(mutate(parseExpr('x^2 + x + 1'), rng, semantic));
      if (/cosh|sec|csc|sin\(-|exp\(-/.test(out)) identities++;
    }
    expect(identities).toBeGreaterThan(5);
    // Overrides can pick one of them alone.
    const only = resolveMutationConfig('distance', {
      internal: { internalConstantMutation: 0, internalSymbolMutation: 0, operationChangeMutation: 0, addArgumentMutation: 0, identityInsertionMutation: 1 },
      leaf: { leafConstantMutation: 0, leafScaledSymbolMutation: 0, leafSimpleOperationMutation: 0 },
    });
    const m = mutate(parseExpr('x^2 + 1'), createRng('only'), only);
    expect(verifyPair(m, parseExpr('x^3/3 + x'), SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
  });
});
