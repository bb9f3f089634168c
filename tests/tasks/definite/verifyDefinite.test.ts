import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';
import { prepareDefinite } from '../../../src/tasks/definite/prepareDefinite.js';
import { readDefiniteAnswer } from '../../../src/tasks/definite/readDefiniteAnswer.js';
import type { DefiniteBound } from '../../../src/tasks/definite/types.js';
import { verifyDefinite } from '../../../src/tasks/definite/verifyDefinite.js';
import { verifyDefiniteStrings } from '../../../src/tasks/definite/verifyDefiniteStrings.js';

const check = verifyDefiniteStrings;

function bound(text: string): DefiniteBound {
  const b = parseBound(text);
  if (!b.ok) throw new Error(b.error);
  return b.bound;
}

describe('verifyDefinite: closed forms must agree to 12 significant digits', () => {
  it('calls the exact value correct and 355/113 for π incorrect', () => {
    expect(check('1/(1+x^2)', '-oo', 'oo', 'pi').verdict).toBe('correct');
    const r = check('1/(1+x^2)', '-oo', 'oo', '355/113');
    expect(r.verdict).toBe('incorrect');
    // Both values and the difference, to be acted on.
    expect(r.reason).toContain('3.14159292035398');
    expect(r.reason).toContain('3.14159265358979');
    expect(r.reason).toContain('difference 2.67e-7');
    expect(r.reason).toContain('confirmed at 45 digits');
    expect(r.difference).toBe('2.67e-7');
  });

  it('draws the line at 12 digits: 1e-14 off is correct, 1e-10 off is incorrect', () => {
    expect(check('x*exp(x)', '0', '1', '1 + 10^(-14)').verdict).toBe('correct');
    expect(check('x*exp(x)', '0', '1', '1 + 10^(-10)').verdict).toBe('incorrect');
    expect(check('x*exp(x)', '0', '1', '1 + 10^(-10)', { closedFormDigits: 8 }).verdict).toBe('correct');
  });

  it('reads any closed form: logarithms, roots, arctangents, e', () => {
    expect(check('1/(x^2+x+1)', '0', '1', 'sqrt(3)*pi/9').verdict).toBe('correct');
    expect(check('atan(x)', '0', '1', 'pi/4 - log(2)/2').verdict).toBe('correct');
    expect(check('atan(x)', '0', '1', 'pi/4 - log(2)').verdict).toBe('incorrect');
    expect(check('x^2*exp(x)', '0', '1', 'e - 2').verdict).toBe('correct');
    expect(check('1/sqrt(1+x^2)', '0', '1', 'asinh(1)').verdict).toBe('correct');
    expect(check('1/sqrt(1+x^2)', '0', '1', 'log(1 + sqrt(2))').verdict).toBe('correct');
  });

  it('judges an answer decimals cannot evaluate (gamma, erf) in bounded doubles', () => {
    expect(check('exp(-x^2)', '0', '1', 'sqrt(pi)*erf(1)/2').verdict).toBe('correct');
    expect(check('x^(1/3)*exp(-x)', '0', 'oo', 'gamma(4/3)').verdict).toBe('correct');
    expect(check('x^(1/3)*exp(-x)', '0', 'oo', 'gamma(5/4)').verdict).toBe('incorrect');
  });

  it('an integral that cancels to 0 is judged against the scale of what cancelled', () => {
    expect(check('x^3', '-1', '1', '0').verdict).toBe('correct');
    expect(check('sin(x)^3', '-pi', 'pi', '0').verdict).toBe('correct');
    expect(check('x^3', '-1', '1', '1/4').verdict).toBe('incorrect');
    expect(check('log(x)/(1+x^2)', '0', 'oo', '0').verdict).toBe('correct');
  });

  it('an answer with no real value is incorrect; one that depends on x, or a bound with no real value, is invalid', () => {
    expect(check('x', '0', '1', 'log(-2)').verdict).toBe('incorrect');
    expect(check('x', '0', '1', 'x/2').verdict).toBe('invalid');
    expect(check('x', 'log(-1)', '1', '1/2')).toMatchObject({ verdict: 'invalid', reason: expect.stringContaining('lower bound') });
    expect(check('x', '0', '1/0', '1/2')).toMatchObject({ verdict: 'invalid', reason: expect.stringContaining('upper bound') });
  });
});

describe('verifyDefinite: decimals are held to 1e-6 (IntegralBench) or their own digits', () => {
  it('right to 1e-7 is correct, wrong at 1e-5 incorrect', () => {
    expect(check('1/(1+x^2)', '0', '1', '0.7853982').verdict).toBe('correct');
    expect(check('1/(1+x^2)', '0', '1', '0.78539816339').verdict).toBe('correct');
    const off = check('1/(1+x^2)', '0', '1', '0.7854082');
    expect(off.verdict).toBe('incorrect');
    expect(off.reason).toContain('0.7854082');
  });

  it('uses the absolute error < 1e-6 rule, strictly', () => {
    // π/4 = 0.785398163397…: 0.785399 is 8.4e-7 off, 0.7853972 is 9.6e-7 off, 0.785397 is 1.16e-6 off.
    expect(check('1/(1+x^2)', '0', '1', '0.785399').verdict).toBe('correct');
    expect(check('1/(1+x^2)', '0', '1', '0.7853972').verdict).toBe('correct');
    expect(check('1/(1+x^2)', '0', '1', '0.785397').verdict).toBe('incorrect');
  });

  it('with the stated-digits tolerance, holds a decimal to half a unit of its last digit', () => {
    const stated = { numericTolerance: { kind: 'stated' } as const };
    expect(check('1/(1+x^2)', '0', '1', '0.7854', stated).verdict).toBe('correct'); // 1.8e-6 < 5e-5
    expect(check('1/(1+x^2)', '0', '1', '0.7853', stated).verdict).toBe('incorrect'); // 9.8e-5 > 5e-5
    expect(check('1/(1+x^2)', '0', '1', '0.7853981634', stated).verdict).toBe('correct');
    expect(check('1/(1+x^2)', '0', '1', '0.7853981631', stated).verdict).toBe('incorrect'); // 3e-10 > 5e-11
    // Under the default rule the same 0.7854 is 1.8e-6 off, beyond 1e-6.
    expect(check('1/(1+x^2)', '0', '1', '0.7854').verdict).toBe('incorrect');
  });

  it('takes another absolute tolerance when asked', () => {
    const loose = { numericTolerance: { kind: 'absolute', value: 1e-3 } as const };
    expect(check('1/(1+x^2)', '0', '1', '0.7854', loose).verdict).toBe('correct');
    expect(check('1/(1+x^2)', '0', '1', '0.787', loose).verdict).toBe('incorrect');
  });

  it('reads decimals digit by digit: 0.1 is one tenth, not a double near it', () => {
    // ∫₀¹ x/5 dx = 0.1 exactly; the stated tolerance of 0.1000000000000000000 is 5e-20.
    expect(check('x/5', '0', '1', '0.1000000000000000000', { numericTolerance: { kind: 'stated' } }).verdict).toBe('correct');
  });
});

describe('verifyDefinite: unknown when the quadrature cannot decide', () => {
  it('a divergent integral is unknown, saying why', () => {
    const r = check('1/x', '0', '1', '1');
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toContain('could not be computed');
  });

  it('running out of work is unknown, and the work spent stays within the budget', () => {
    const r = check('sin(x)/x', '0', 'oo', 'pi/2', { work: 2e6 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toContain('work budget');
    expect(r.work).toBeLessThanOrEqual(2e6);
  });

  it('the same pair gets the same verdict, reason and work every time', () => {
    const a = check('log(x)*cos(x)', '0', '1', '-0.946083');
    const b = check('log(x)*cos(x)', '0', '1', '-0.946083');
    expect(a.verdict).toBe(b.verdict);
    expect(a.reason).toBe(b.reason);
    expect(a.work).toBe(b.work);
  });

  it('a prepared problem gives each answer the verdict and work it gets alone', () => {
    const problem = parseExpr('exp(-x)*sin(x)');
    const prepared = prepareDefinite(problem, bound('0'), bound('oo'));
    for (const text of ['1/2', '0.5000001', '0.49', '1/3']) {
      const answer = readDefiniteAnswer(text);
      if (!answer.ok) throw new Error(answer.error);
      const alone = verifyDefinite(problem, bound('0'), bound('oo'), answer.answer);
      const shared = verifyDefinite(prepared, bound('0'), bound('oo'), answer.answer);
      expect(shared.verdict).toBe(alone.verdict);
      expect(shared.reason).toBe(alone.reason);
      expect(shared.work).toBe(alone.work);
    }
  });
});

describe('verifyDefiniteStrings: what cannot be read is invalid, naming the field', () => {
  it('names the field', () => {
    expect(check('x^', '0', '1', '1').reason).toMatch(/^problem: /);
    expect(check('x', 'x', '1', '1').reason).toMatch(/^lower: /);
    expect(check('x', '0', 'foo', '1').reason).toMatch(/^upper: /);
    expect(check('x', '0', '1', 'Catalan_').reason).toMatch(/^answer: /);
  });
});
