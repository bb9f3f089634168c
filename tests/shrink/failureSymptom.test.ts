import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { describeSymptom, errorShape, failureSymptom, sameSymptom } from '../../src/shrink/failureSymptom.js';

const wrong = (answer: string): Judgement => ({
  status: 'fail',
  kind: 'wrong',
  reason: 'r',
  answers: [{ text: answer, status: 'ok', verdict: 'incorrect', reason: 'r', answer }],
  proof: { by: 'verifier', reason: 'r' },
});

describe('failureSymptom', () => {
  it("tells the shape of the error F' - f", () => {
    const f = parseExpr('x^2 + 3*x');
    expect(errorShape(f, parseExpr('x^3/3 + 3*x^2/2 + 5*x'))).toBe('constant');
    expect(errorShape(f, parseExpr('2*(x^3/3 + 3*x^2/2)'))).toBe('varying');
    expect(errorShape(parseExpr('1/x'), parseExpr('log(x)'))).toBe('unknown');
    // log|x + 272223| = 12.51 + x/272223 varies by a millionth of its size: a thousand times its
    // rounding where f is small, within rounding beside a large term. Not told either way, so that
    // neither deleting the term nor shrinking the shift to 2 (clearly varying) reads as another bug.
    const near272223 = errorShape(parseExpr('(1 + x)/(x + 272223)'), parseExpr('(1 + x)*log(abs(x + 272223))'));
    const beside = errorShape(parseExpr('203401 + (1 + x)/(x + 272223)'), parseExpr('203401*x + (1 + x)*log(abs(x + 272223))'));
    const shift2 = errorShape(parseExpr('(1 + x)/(x + 2)'), parseExpr('(1 + x)*log(abs(x + 2))'));
    expect([near272223, beside, shift2]).toEqual(['unknown', 'constant', 'varying']);
    const symptom = (error: 'constant' | 'varying' | 'unknown') => ({ kind: 'wrong', error, specials: [] });
    expect(sameSymptom(symptom(beside), symptom(near272223))).toBe(true);
    expect(sameSymptom(symptom(near272223), symptom(shift2))).toBe(true);
    // An error varying by 2 % stays varying beside a large term, whose rounding is far below that.
    const partial = '(822*(log(abs(174 + x)) - log(abs(177 + x)))/(-3))';
    expect(errorShape(parseExpr('822/((174 + x)*(177 + x)) + 5924'), parseExpr(`5924*x + ${partial}`))).toBe('varying');
    expect(errorShape(parseExpr('822/((174 + x)*(177 + x))'), parseExpr(partial))).toBe('varying');
    // A stray constant stays constant however large the problem's values.
    expect(errorShape(parseExpr('9238*894^x'), parseExpr('9238*894^x/log(894) + 272223*x'))).toBe('constant');
    // Right for x > 0 and wrong for x < 0: not constant.
    expect(errorShape(parseExpr('x'), parseExpr('x*abs(x)/2'))).toBe('varying');
  });

  it('is unchanged by deleting a term the model integrates correctly', () => {
    // The model doubles the integral of (x + 1)^2 and gets x^3 right.
    const withTerm = errorShape(parseExpr('x^2 + (x + 1)^2'), parseExpr('x^3/3 + 2*(x + 1)^3/3'));
    const without = errorShape(parseExpr('(x + 1)^2'), parseExpr('2*(x + 1)^3/3'));
    expect(withTerm).toBe(without);
    // A large correct term drowns the error at some points in rounding: still the same shape.
    expect(errorShape(parseExpr('x^3^x + 921'), parseExpr('x^(1 + 3^x)/(1 + 3^x) + 921*x'))).toBe(
      errorShape(parseExpr('x^3^x'), parseExpr('x^(1 + 3^x)/(1 + 3^x)')),
    );
  });

  it('is the kind for a failure without a wrong answer, names special functions a wrong answer brings in, and is null for a pass', () => {
    const f = parseExpr('2^x^2');
    expect(describeSymptom(failureSymptom(f, wrong('x*2^x^2')))).toBe('wrong/varying');
    expect(describeSymptom(failureSymptom(f, wrong('erf(x)*sqrt(pi)')))).toBe('wrong/varying/erf');
    expect(
      describeSymptom(
        failureSymptom(f, {
          status: 'fail',
          kind: 'timeout',
          reason: 'r',
          answers: [],
          proof: { by: 'reference', reference: 'algebrite', answer: 'a', reason: 'r' },
        }),
      ),
    ).toBe('timeout');
    expect(failureSymptom(f, { status: 'pass', reason: 'r', answers: [] })).toBeNull();
  });

  it('tells two bugs apart that a deletion could swap: a doubled answer and a stray term', () => {
    const both = parseExpr('x^3 + (x + 1)^2');
    const doubled = failureSymptom(both, wrong('2*(x^4/4 + (x + 1)^3/3)'));
    const stray = failureSymptom(parseExpr('(x + 1)^2'), wrong('(x + 1)^3/3 + x'));
    expect(describeSymptom(doubled)).toBe('wrong/varying');
    expect(describeSymptom(stray)).toBe('wrong/constant');
    expect(sameSymptom(doubled, stray)).toBe(false);
    // An error too small to read is no evidence either way; another kind or special function is.
    expect(sameSymptom(stray, { kind: 'wrong', error: 'unknown', specials: [] })).toBe(true);
    expect(sameSymptom(stray, { kind: 'no-answer' })).toBe(false);
    expect(sameSymptom(doubled, { kind: 'wrong', error: 'varying', specials: ['erf'] })).toBe(false);
  });
});
