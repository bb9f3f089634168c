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

  test('refused infix says why: unreadable text is unparseable, what sagga cannot judge is unjudged', () => {
    // I is read through the real form, as from SymPy: x*I + 1 has an imaginary part that changes with x.
    expect(readAnswerText('x*I + 1')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('imaginary unit') });
    const erfi = readAnswerText('-sqrt(pi)*I*erf(I*x)/2');
    expect(erfi.status).toBe('ok');
    if (erfi.status === 'ok') expect(verifyPair(parseExpr('exp(x^2)'), erfi.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    expect(readAnswerText('hyper((1,), (2,), x)')).toMatchObject({ status: 'unjudged', error: expect.stringContaining("function 'hyper'") });
    expect(readAnswerText('x*EllipticE(x)')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('EllipticE') });
    expect(readAnswerText('__import__(os).system(rm)')).toMatchObject({ status: 'unparseable' });
    expect(readAnswerText('frobnicate(x)')).toMatchObject({ status: 'unparseable', error: expect.stringContaining("unknown function 'frobnicate'") });
    expect(readAnswerText('(x + 1')).toMatchObject({ status: 'unparseable', error: expect.stringContaining(')') });
  });

  test('a literal beyond the limits is unjudged and never read another way', () => {
    // The LaTeX reader would make this e - 400x (a wrong answer); the infix refusal is final.
    expect(readAnswerText('1e-400*x')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('too small to represent') });
    expect(readAnswerText('x*1e400')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('exceeds the limit') });
    expect(readAnswerText(`x*0.${'1'.repeat(400)}`)).toMatchObject({ status: 'unjudged', error: expect.stringContaining('digits') });
    expect(readAnswerText(`x + ${'9'.repeat(20_000)}`)).toMatchObject({ status: 'unjudged', error: expect.stringContaining('longer than') });
  });

  test("SymPy's exact answer to 576^(-893), x over a 2,466-digit integer, is unjudged, not unparseable", () => {
    const denominator = (576n ** 893n).toString();
    expect(denominator).toHaveLength(2466);
    expect(readAnswerText(`x/${denominator}`)).toMatchObject({ status: 'unjudged', error: expect.stringContaining('too small to represent') });
    expect(readSympyAnswer(`x/${denominator}`)).toMatchObject({ status: 'unjudged' });
    expect(readAnswerText(`${denominator}*x`)).toMatchObject({ status: 'unjudged', error: expect.stringContaining('beyond the limit') });
  });

  test('exact rationals of 400-digit integers are read as their ratio and verify', () => {
    // p/q = 7/3 exactly, written with integers no double holds.
    const n = 10n ** 399n + 12345n;
    const [p, q] = [(7n * n).toString(), (3n * n).toString()];
    expect(p).toHaveLength(400);
    for (const text of [`${p}*x^3/${q}`, `x^3*Rational(${p}, ${q})`, `-${p}*x^3/(-${q})`.replace('/(-', '/-').replace(')', ''), `$\\frac{${p}}{${q}} x^{3}$`]) {
      const r = readAnswerText(text);
      expect(r.status, text.slice(0, 30)).toBe('ok');
      if (r.status === 'ok') expect(verifyPair(parseExpr('7*x^2'), r.expr, SEARCH_VERIFY_OPTIONS).verdict, text.slice(0, 30)).toBe('correct');
    }
    // 7/3.001 written the same way is read as itself, and is wrong.
    const wrong = readAnswerText(`${p}*x^3/${(3n * n + n / 1000n).toString()}`);
    expect(wrong.status).toBe('ok');
    if (wrong.status === 'ok') expect(verifyPair(parseExpr('7*x^2'), wrong.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('incorrect');
  });

  test('a long prose answer without an expression is unparseable, and a huge one is refused quickly as longer than sagga reads', () => {
    expect(readAnswerText('Let me think about this problem step by step and explain my reasoning.').status).toBe('unparseable');
    const huge = 'aaaa '.repeat(400_000);
    expect(readAnswerText(huge)).toMatchObject({ status: 'unjudged', error: expect.stringContaining('longer than') });
  });
});

describe('readSympyAnswer', () => {
  test("reads SymPy's str() output", () => {
    const r = readSympyAnswer('-polylog(2, -x) + sqrt(pi)*erfi(x)/2 + Abs(x) + exp(x)*Si(x) + E');
    expect(r.status).toBe('ok');
    if (r.status === 'ok') expect(toInfix(r.expr)).toBe(ours('-polylog(2, -x) + sqrt(pi)*erfi(x)/2 + abs(x) + exp(x)*Si(x) + e'));
  });

  test('Integral is a no-answer; I is read through the real form or not judged; Piecewise, floor, atan2 are not judged; no free-text reading', () => {
    expect(readSympyAnswer('x + Integral(exp(x**2), x)').status).toBe('no-answer');
    // -I*log(x + I) = arg(x + i) - i*log|x + i|: its imaginary part changes with x, so it is not judged.
    expect(readSympyAnswer('-I*log(x + I)')).toMatchObject({ status: 'unjudged', error: expect.stringMatching(/imaginary unit.*not a model failure/) });
    const erfi = readSympyAnswer('-sqrt(pi)*I*erf(I*x)/2');
    expect(erfi.status).toBe('ok');
    if (erfi.status === 'ok') expect(verifyPair(parseExpr('exp(x**2)'), erfi.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    // Functions sagga does not support: the answer may be right, so it is never a failure.
    expect(readSympyAnswer('Piecewise((x, x > 0), (-x, True))').status).toBe('unjudged');
    expect(readSympyAnswer('pi*floor(x/pi)').status).toBe('unjudged');
    expect(readSympyAnswer('atan2(sin(x), cos(x))').status).toBe('unjudged');
    expect(readSympyAnswer('I*x + besselj(0, x)')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('besselj') });
    expect(readSympyAnswer('x*oo')).toMatchObject({ status: 'unparseable', error: expect.stringContaining('infinity') });
    expect(readSympyAnswer('The answer is $x^2$').status).toBe('unparseable');
  });
});
