import { describe, expect, test } from 'vitest';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { ALL_FUNCTIONS } from '../../src/expr/functions.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import type { Expr } from '../../src/expr/types.js';
import { createRng, type Rng } from '../../src/util/rng.js';
import { close, evaluate } from './helpers/evaluate.js';
import { randomExpr } from './helpers/randomExpr.js';

const key = (text: string): string => canonicalKey(parseExpr(text));

describe('canonicalKey', () => {
  test('trivially identical problems share a key', () => {
    const same: Array<[string, string]> = [
      ['x+1', '1+x'],
      ['2*x', 'x*2'],
      ['(x+1)+2', 'x+(1+2)'],
      ['x+x+1', '2*x+1'],
      ['sin(x)*cos(x)', 'cos(x)*sin(x)'],
      ['x - 1', '-1 + x'],
      ['-(2*x)', '-2*x'],
      ['x^2 + 3*x + 1', '1 + x*3 + x**2'],
      ['e^x', 'exp(x)'],
      ['2x', '2*x'],
      ['ln(x)', 'log(x)'],
      ['(x + 1)*(x - 1)', '(-1 + x)*(1 + x)'],
      ['1/43*x', 'x*(1/43)'],
    ];
    for (const [a, b] of same) expect(key(a), `${a} vs ${b}`).toBe(key(b));
  });

  test('near-collisions get different keys', () => {
    const different: Array<[string, string]> = [
      ['x-1', '1-x'],
      ['x/2', '2/x'],
      ['x^2', '2^x'],
      ['sin(cos(x))', 'cos(sin(x))'],
      ['sin(x)*cos(x)', 'sin(x*cos(x))'],
      ['x^(-1)', '-x'],
      ['-x^2', '(-x)^2'],
      ['x+1', 'x+2'],
      ['1/43', '0.023255813953488372'],
      ['log(x)', 'log(x)/log(10)'],
      ['x^2^3', '(x^2)^3'],
      ['x*(x+1)', 'x*x+1'],
      ['pi', 'e'],
      ['polylog(2, x)', 'polylog(x, 2)'],
      ['x/2/3', 'x/(2/3)'],
    ];
    for (const [a, b] of different) expect(key(a), `${a} vs ${b}`).not.toBe(key(b));
  });

  test('does not depend on the order of operands anywhere in the tree', () => {
    const rng = createRng('canonical-shuffle');
    for (let k = 0; k < 2000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 6), functions: ALL_FUNCTIONS, literals: 'wide', exponents: 'any' });
      expect(canonicalKey(shuffled(e, rng)), toInfix(e)).toBe(canonicalKey(e));
    }
  });

  test('survives printing and re-reading', () => {
    const rng = createRng('canonical-reread');
    for (let k = 0; k < 2000; k++) {
      const e = randomExpr(rng, { maxDepth: 1 + (k % 6), functions: ALL_FUNCTIONS, literals: 'wide', exponents: 'any' });
      expect(canonicalKey(parseExpr(toInfix(e))), toInfix(e)).toBe(canonicalKey(e));
    }
  });

  test('equal keys only for expressions with equal values', () => {
    // Small trees over few leaves collide often, so this checks many real key collisions.
    const rng = createRng('canonical-sound');
    const byKey = new Map<string, Expr>();
    let collisions = 0;
    for (let k = 0; k < 20000; k++) {
      const e = randomExpr(rng, { maxDepth: 3, functions: ['sin', 'exp', 'log'], exponents: 'tame' });
      const kk = canonicalKey(e);
      const seen = byKey.get(kk);
      if (!seen) {
        byKey.set(kk, e);
        continue;
      }
      collisions++;
      for (const x of [0.3, 1.7, 2.9]) {
        const a = evaluate(seen, x);
        const b = evaluate(e, x);
        if (Number.isFinite(a) && Number.isFinite(b)) expect(close(a, b, 1e-9), `${toInfix(seen)} and ${toInfix(e)} share ${kk}`).toBe(true);
      }
    }
    expect(collisions).toBeGreaterThan(1000);
  });
});

/** The same tree with the operands of every sum and product in a random order. */
function shuffled(e: Expr, rng: Rng): Expr {
  if (e.type === 'num' || e.type === 'sym') return e;
  const args = e.args.map((a) => shuffled(a, rng));
  if (e.type === 'add' || e.type === 'mul') return { type: e.type, args: rng.shuffle(args) };
  return { ...e, args } as Expr;
}
