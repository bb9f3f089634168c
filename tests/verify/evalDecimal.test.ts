import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { createDecimalEvaluator, decimalFunction } from '../../src/verify/evalDecimal.js';
import { compileTape } from '../../src/verify/tape.js';

const evaluator = (text: string, digits = 40) => createDecimalEvaluator(compileTape(parseExpr(text)), digits);
const D = Decimal.clone({ precision: 40 });

describe('createDecimalEvaluator', () => {
  it('takes a decimal x with all its digits, not rounded to a double', () => {
    // 3x - 1 at x = 1/3 is 0 to 40 digits only if x keeps them; the double 1/3 gives about 5.6e-17.
    const atDecimal = evaluator('3*x - 1')(new D(1).div(3));
    const atDouble = evaluator('3*x - 1')(1 / 3);
    expect(atDecimal !== null && typeof atDecimal === 'object' && atDecimal.value.abs().lt('1e-38')).toBe(true);
    expect(atDouble !== null && typeof atDouble === 'object' && atDouble.value.abs().gt('1e-18')).toBe(true);
  });

  it('computes a power of a base near 1 with a huge exponent by the size of e·ln b: (1 + 1/x)^x at x = 1e9 + 1/2', () => {
    const v = evaluator('(1 + 1/x)^x')(1e9 + 0.5);
    expect(v !== null && typeof v === 'object' && v.value.minus(D.exp(1)).abs().lt('1e-8')).toBe(true);
  });

  it('still refuses a non-integer power whose e·ln b is huge, even with a base near 1', () => {
    expect(evaluator('(1 + 1/x)^(x^3)')(1e9 + 0.5)).toBeNull();
    expect(evaluator('x^(x/2)')(1e6 + 0.5)).toBeNull();
  });
});

describe('decimalFunction', () => {
  it('gives a function of a decimal at the given digits, and null where the evaluator has no real value', () => {
    const s = decimalFunction('sin', new D(1), 40);
    expect(s?.toSignificantDigits(20).toString()).toBe('0.84147098480789650665');
    expect(decimalFunction('log', new D(-1), 40)).toBeNull();
    expect(decimalFunction('erf', new D(1), 40)).toBeNull();
  });
});
