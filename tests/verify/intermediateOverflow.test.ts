import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { compileTape } from '../../src/verify/tape.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

describe('a part of a problem that overflows a double', () => {
  it('leaves no trusted value: a finite number over x^372 at x = 7 is not 0', () => {
    const f = createComplexEvaluator(compileTape(parseExpr('-907*x/(115*x*x^372)')));
    expect(f(6.673).err).toBe(Infinity);
    expect(Number.isFinite(f(2).err)).toBe(true);
  });

  it('does not make a right answer wrong', () => {
    expect(verifyStrings('-907*x/(115*x*x^372)', '(907/42665)*x^(-371)').verdict).toBe('correct');
    expect(verifyStrings('-907*x/(115*x*x^372)', '(907/42665)*x^(-372)').verdict).toBe('incorrect');
  });
});
