import { expect, test } from 'vitest';
import { canonicalKey, metrics, parseExpr, simplify, toInfix, toLatex, toPrefix, tryParseExpr, DEFAULT_LIMITS, lookupFunction } from '../../src/expr/index.js';

test('the barrel exports the whole expression toolkit', () => {
  const e = parseExpr('x*2 + 1');
  expect(toInfix(simplify(e))).toBe('2*x + 1');
  expect(toLatex(e)).toBe('x \\cdot 2 + 1');
  expect(toPrefix(e)).toEqual(['add', 'mul', 'x', 'INT+', '2', 'INT+', '1']);
  expect(metrics(e)).toEqual({ chars: 7, tokens: 7, nodes: 5, depth: 3, terms: 2 });
  expect(canonicalKey(e)).toBe(canonicalKey(parseExpr('1 + 2x')));
  expect(tryParseExpr('y').ok).toBe(false);
  expect(DEFAULT_LIMITS.maxDepth).toBe(200);
  expect(lookupFunction('ln')).toBe('log');
});
