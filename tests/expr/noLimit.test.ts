import { describe, expect, it } from 'vitest';
import { tryParseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { toLatex } from '../../src/expr/toLatex.js';

describe('DNE, a limit answer that there is none', () => {
  it('is read only where a caller asks for it, and only as the whole text', () => {
    const read = tryParseExpr('DNE', undefined, { noLimit: true });
    expect(read.ok && [toInfix(read.expr), toLatex(read.expr)]).toEqual(['DNE', '\\text{DNE}']);
    expect(tryParseExpr('DNE').ok).toBe(false);
    expect(tryParseExpr('DNE + 1', undefined, { noLimit: true }).ok).toBe(false);
    expect(tryParseExpr('x*DNE', undefined, { noLimit: true, infinity: true }).ok).toBe(false);
    const inf = tryParseExpr('-oo', undefined, { noLimit: true, infinity: true });
    expect(inf.ok && toInfix(inf.expr)).toBe('-oo');
  });
});
