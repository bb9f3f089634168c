import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { createDecimalEvaluator, decimalEvaluates, decimalFunction } from '../../src/verify/evalDecimal.js';
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

const D60 = Decimal.clone({ precision: 60 });
const HALF_PI = D60.acos(-1).div(2);

function at(text: string, x: number | Decimal, digits = 30) {
  const r = createDecimalEvaluator(compileTape(parseExpr(text)), digits)(x);
  if (r === null || r === 'exhausted' || r === 'timeout') throw new Error(`no value: ${String(r)}`);
  return r;
}

describe('decimal evaluator', () => {
  it('takes the point as a decimal with all its digits (1 - 10^-40 is no double)', () => {
    const x = new D60('0.9999999999999999999999999999999999999999');
    const r = at('log(x)', x, 60);
    // log(1 - d) = -d - d²/2 - …, with d = 10^-40.
    expect(r.value.plus('1e-40').abs().lt('1e-79')).toBe(true);
    // As a double the point would be 1, and log(1) = 0.
    expect(at('log(x)', x.toNumber(), 60).value.isZero()).toBe(true);
  });

  it('keeps tan and cot accurate next to their poles', () => {
    const x = new D60('1.570796326794896619231321691');
    const d = HALF_PI.minus(x); // tan(π/2 - d) = cot(d) = 1/d - d/3 - …
    const tan = at('tan(x)', x);
    expect(tan.value.div(new D60(1).div(d)).minus(1).abs().lt('1e-20')).toBe(true);
    const pi = D60.acos(-1);
    const y = new D60('3.141592653589793238462643383');
    const cot = at('cot(x)', y); // cot(π - e) = -1/e + e/3
    expect(
      cot.value
        .div(new D60(-1).div(pi.minus(y)))
        .minus(1)
        .abs()
        .lt('1e-20'),
    ).toBe(true);
  });

  it('charges a sum only the digits its terms lose at their own size (cos x at π/2 beside 2)', () => {
    const r = at('cos(x) + 2', new D60(HALF_PI.toSignificantDigits(30)));
    expect(r.value.minus(2).abs().lt('1e-28')).toBe(true);
    expect(r.reliableDigits).toBeGreaterThan(25);
    // An exact 0 (x^2 at x = 0) costs a sum nothing; a 0 left by cancellation leaves it unknown.
    expect(at('1 - x^2', 0).reliableDigits).toBeGreaterThan(25);
    expect(at('(x - x) + 1', 0.3).reliableDigits).toBe(0);
    // Cancellation between exact terms still counts in full.
    const c = at('(x + 1) - x', 1e20);
    expect(c.value.toNumber()).toBe(1);
    expect(c.reliableDigits).toBeLessThan(12);
  });

  it('says which functions decimals evaluate', () => {
    expect(decimalEvaluates('exp')).toBe(true);
    expect(decimalEvaluates('erf')).toBe(false);
  });
});
