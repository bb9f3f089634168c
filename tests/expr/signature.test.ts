import { describe, expect, test } from 'vitest';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { perturbableIntegers, replaceIntegers } from '../../src/expr/edit/perturbIntegers.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { simplify } from '../../src/expr/simplify.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { isLeaf, withArgs, type Expr } from '../../src/expr/types.js';
import { createRng, type Rng } from '../../src/util/rng.js';
import { randomExpr } from './helpers/randomExpr.js';

const sig = (text: string): string => signature(parseExpr(text));

describe('signature', () => {
  test('is the canonical prefix form with every number written #', () => {
    expect(sig('2^x^2')).toBe('^(#,^(x,#))');
    expect(sig('x + 544^x^2 + 628*x')).toBe('+(*(#,x),^(#,^(x,#)),x)');
    expect(sig('-340 + 544^x^2')).toBe('+(#,^(#,^(x,#)))');
    expect(sig('sin(3*x)/x')).toBe('/(sin(*(#,x)),x)');
  });

  test('named constants are not numbers: each keeps its name, and ζ(n) its order', () => {
    expect(sig('7*zeta(3)*x')).toBe('*(#,x,zeta(3))');
    expect(sig('7*zeta(3)*x')).not.toBe(sig('7*zeta(5)*x'));
    expect(sig('Catalan*x + EulerGamma')).toBe('+(*(Catalan,x),EulerGamma)');
    expect(sig('Catalan*x')).not.toBe(sig('3*x'));
  });

  test('one bug found again with other numbers has one signature', () => {
    const same: Array<[string, string]> = [
      ['2^x^2', '612^x^2'],
      ['612^(x^2)', '186^x^2'],
      ['3*x', '5*x'],
      ['3*x', 'x*(-7)'],
      ['1/2*x', '3*x'],
      ['2.5*x', '3*x'],
      ['x - 1', 'x + 1'],
      ['-x', 'x'],
      ['x - sin(x)', 'x + sin(x)'],
      ['x^2', 'x^3'],
      ['x^(-1)', 'x^7'],
      ['sin(2*x) + 4', 'sin(9*x) - 1/3'],
      ['x + x', '2*x'],
      ['2^(x*x)', '2^x^2'],
      ['sin(x)*sin(x)*x', 'x*sin(x)^3'],
      ['x + x + 1', '7*x + 3'],
      ['x*2*3', '6*x'],
      ['e^x', 'exp(x)'],
      ['cos(x)*x + 1', '1 + x*cos(x)'],
      // A number is a number whether or not simplification folds it.
      ['exp(13946^4)', 'exp(1008^4)'],
      ['sqrt(2)*x', '2*x'],
      ['sin(2) + x', 'x + 5'],
    ];
    for (const [a, b] of same) expect(sig(a), `${a} vs ${b}`).toBe(sig(b));
  });

  test('more structure is another signature', () => {
    const different: Array<[string, string]> = [
      ['x + 544^x^2 + 628*x', '544^x^2'],
      ['-340 + 544^x^2', '544^x^2'],
      // A unit coefficient is no number: simplification removes it, and x differs from c*x.
      ['x', '3*x'],
      ['x^2', 'x'],
      ['2^x', 'x^2'],
      ['2^x^2', 'exp(x^2)'],
      ['pi*x', '2*x'],
      ['e*x', '2*x'],
      ['1/x', 'x'],
      ['sin(x)', 'cos(x)'],
      // Terms that only look alike once their numbers are erased stay two terms.
      ['sin(2*x) + sin(3*x)', '5*sin(2*x)'],
      ['x^2 + x^3', 'x^2'],
      ['sqrt(x)*2', '2*x'],
    ];
    for (const [a, b] of different) expect(sig(a), `${a} vs ${b}`).not.toBe(sig(b));
  });

  test('problems with equal canonical keys have equal signatures', () => {
    const rng = createRng('signature-keys');
    const byKey = new Map<string, string>();
    let collisions = 0;
    for (let k = 0; k < 5000; k++) {
      const e = randomExpr(rng, { maxDepth: 3, functions: ['sin', 'exp', 'log'], exponents: 'tame' });
      const key = canonicalKey(e);
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, signature(e));
      else {
        collisions++;
        expect(signature(e), toInfix(e)).toBe(seen);
      }
      expect(signature(shuffled(e, rng)), toInfix(e)).toBe(signature(e));
    }
    expect(collisions).toBeGreaterThan(100);
  });

  test('does not change when the numbers of a problem change', () => {
    const rng = createRng('signature-numbers');
    let changed = 0;
    for (let k = 0; k < 2000; k++) {
      const e = simplify(randomExpr(rng, { maxDepth: 1 + (k % 5), functions: ['sin', 'cos', 'exp', 'log', 'sqrt'], exponents: 'tame' }));
      // Fresh, distinct values ≥ 2 for the integers ≥ 2, so no two numbers become equal and no 1 appears.
      const olds = perturbableIntegers(e).filter((v) => v >= 2);
      if (olds.length === 0) continue;
      const mapping = new Map(olds.map((v, i) => [v, 1000 + 17 * i + rng.int(0, 16)]));
      const other = replaceIntegers(e, mapping);
      if (canonicalKey(other) === canonicalKey(e)) continue;
      changed++;
      expect(signature(other), `${toInfix(e)} vs ${toInfix(other)}`).toBe(signature(e));
    }
    expect(changed).toBeGreaterThan(500);
  });

  test('is a plain function of the tree: the same on every call', () => {
    const e = parseExpr('x + 544^x^2 + 628*x');
    expect(signature(e)).toBe(signature(parseExpr(toInfix(e))));
  });
});

function shuffled(e: Expr, rng: Rng): Expr {
  if (isLeaf(e)) return e;
  const args = e.args.map((a) => shuffled(a, rng));
  return withArgs(e, e.type === 'add' || e.type === 'mul' ? rng.shuffle(args) : args);
}
