import { describe, expect, it } from 'vitest';
import { replaceSymbols } from '../../../src/expr/edit/replaceSymbols.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import type { Expr } from '../../../src/expr/types.js';

const read = (text: string) => parseExpr(text, undefined, { parameters: ['A', 'C1'] });

describe('replaceSymbols', () => {
  it('puts the given trees in place of the symbols it is asked to, all at once', () => {
    const swapped = replaceSymbols(read('x*exp(C1*x) + C1'), (s) =>
      s.name === 'x' ? { type: 'sym', name: 'C1' } : s.name === 'C1' ? { type: 'sym', name: 'x' } : undefined,
    );
    expect(toInfix(swapped)).toBe(toInfix(read('C1*exp(x*C1) + x')));
  });

  it('returns the tree itself when nothing is replaced, and shares the subtrees it does not touch', () => {
    const e = read('sin(x)^2 + A*x');
    expect(replaceSymbols(e, () => undefined)).toBe(e);
    const replaced = replaceSymbols(e, (s) => (s.name === 'A' ? { type: 'num', value: 2 } : undefined));
    expect(toInfix(replaced)).toBe('sin(x)^2 + 2*x');
    const args = (t: Expr) => (t.type === 'num' || t.type === 'sym' ? [] : t.args);
    expect(args(replaced)[0]).toBe(args(e)[0]);
    expect(args(replaced)[1]).not.toBe(args(e)[1]);
  });
});
