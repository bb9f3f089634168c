import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { SEARCH_VERIFY_OPTIONS } from '../../../src/verify/types.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { readSympyAnswer } from '../../../src/targets/sympy/readSympyAnswer.js';

const infixOf = (text: string): string => {
  const r = readAnswerText(text);
  if (r.status !== 'ok') throw new Error(`${text}: ${r.status} ${r.error}`);
  return toInfix(r.expr);
};
const ours = (text: string): string => toInfix(parseExpr(text));

describe('readAnswerText (cmd: answers)', () => {
  test('mathjs and SymPy infix', () => {
    expect(infixOf('x^3/3 + 2x')).toBe(ours('x^3/3 + 2*x'));
    expect(infixOf('x**3/3 + E**x - log(x)')).toBe(ours('x^3/3 + e^x - log(x)'));
    expect(infixOf('  sqrt(2)*atan(sqrt(2)*x/2)/2  ')).toBe(ours('sqrt(2)*atan(sqrt(2)*x/2)/2'));
  });

  test('CAS-size rational coefficients are accepted', () => {
    // Held as the nearest double.
    expect(infixOf('75191683527748614375*x^5/2')).toBe(`${Number('75191683527748614375')}*x^5/2`);
  });

  test('LaTeX and free text go through the answer extractor', () => {
    expect(infixOf('$\\frac{x^{3}}{3} + C$')).toBe(ours('x^3/3'));
    expect(infixOf('\\boxed{\\sin x - x\\cos x}')).toBe(ours('sin(x) - x*cos(x)'));
    expect(infixOf('We integrate by parts.\nFinal answer: x*e^x - e^x')).toBe(ours('x*e^x - e^x'));
  });

  test('declines and empty answers are no-answers', () => {
    for (const text of ['', '   ', 'no answer', 'None', 'N/A', "I don't know."]) {
      expect(readAnswerText(text).status, JSON.stringify(text)).toBe('no-answer');
    }
    expect(readAnswerText('This integral has no elementary antiderivative.').status).toBe('no-answer');
    expect(readAnswerText('Integral(exp(x**2), x)')).toMatchObject({ status: 'no-answer' });
  });

  test('refused infix says why', () => {
    expect(readAnswerText('x*I + 1')).toMatchObject({ status: 'unparseable', error: expect.stringContaining('imaginary unit') });
    expect(readAnswerText('hyper((1,), (2,), x)')).toMatchObject({ status: 'unparseable', error: expect.stringContaining('hyper') });
    expect(readAnswerText('__import__(os).system(rm)')).toMatchObject({ status: 'unparseable' });
    expect(readAnswerText('(x + 1')).toMatchObject({ status: 'unparseable', error: expect.stringContaining(')') });
  });

  test('a long prose answer without an expression is unparseable, and a huge one is refused quickly', () => {
    expect(readAnswerText('Let me think about this problem step by step and explain my reasoning.').status).toBe('unparseable');
    const huge = 'aaaa '.repeat(400_000);
    expect(readAnswerText(huge).status).toBe('unparseable');
  });
});

describe('readSympyAnswer', () => {
  test("reads SymPy's str() output", () => {
    const r = readSympyAnswer('-polylog(2, -x) + sqrt(pi)*erfi(x)/2 + Abs(x) + exp(x)*Si(x) + E');
    expect(r.status).toBe('ok');
    if (r.status === 'ok') expect(toInfix(r.expr)).toBe(ours('-polylog(2, -x) + sqrt(pi)*erfi(x)/2 + abs(x) + exp(x)*Si(x) + e'));
  });

  test('Integral is a no-answer; I is read through the real form or not judged; Piecewise, floor, atan2 are unparseable; no free-text reading', () => {
    expect(readSympyAnswer('x + Integral(exp(x**2), x)').status).toBe('no-answer');
    // -I*log(x + I) = arg(x + i) - i*log|x + i|: its imaginary part changes with x, so it is not judged.
    expect(readSympyAnswer('-I*log(x + I)')).toMatchObject({ status: 'unjudged', error: expect.stringMatching(/imaginary unit.*not a model failure/) });
    const erfi = readSympyAnswer('-sqrt(pi)*I*erf(I*x)/2');
    expect(erfi.status).toBe('ok');
    if (erfi.status === 'ok') expect(verifyPair(parseExpr('exp(x**2)'), erfi.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    expect(readSympyAnswer('Piecewise((x, x > 0), (-x, True))').status).toBe('unparseable');
    expect(readSympyAnswer('pi*floor(x/pi)').status).toBe('unparseable');
    expect(readSympyAnswer('atan2(sin(x), cos(x))').status).toBe('unparseable');
    expect(readSympyAnswer('I*x + besselj(0, x)')).toMatchObject({ status: 'unparseable', error: expect.stringContaining('besselj') });
    expect(readSympyAnswer('The answer is $x^2$').status).toBe('unparseable');
  });
});
