import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { judgeOutcome } from '../../../src/judge/judgeOutcome.js';
import { fromAlgebrite } from '../../../src/targets/algebrite/fromAlgebrite.js';
import { fromNerdamer } from '../../../src/targets/nerdamer/fromNerdamer.js';
import { fromMaxima } from '../../../src/targets/maxima/fromMaxima.js';
import { readSympyAnswer } from '../../../src/targets/sympy/readSympyAnswer.js';
import type { TargetAnswer } from '../../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../../src/verify/types.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';

type Reader = (text: string) => { status: string; expr?: unknown; error?: string };
const readers: Record<string, Reader> = { nerdamer: fromNerdamer, algebrite: fromAlgebrite, maxima: fromMaxima, sympy: readSympyAnswer };

// Answers printed by the real systems (nerdamer 1.1, Algebrite 1.4, Debian's Maxima 5.x, SymPy 1.x)
// for these problems, written with the imaginary unit. They are right answers: each must be read
// into a real tree that the verifier accepts, never archived as a failure.
const RIGHT: ReadonlyArray<readonly [system: string, problem: string, answer: string]> = [
  ['nerdamer', 'exp(x^2)', '(1/2)*erf(i*x)*i^(-1)*sqrt(pi)'],
  ['nerdamer', '7*exp(9*x^2)', '(7/6)*erf(3*i*x)*i^(-1)*sqrt(pi)'],
  ['nerdamer', '1/(1-x^2)', 'atan(-i^(-1)*x)*i^(-1)'],
  ['algebrite', 'exp(x^2)', '-1/2*i*pi^(1/2)*erf(i*x)'],
  ['algebrite', '7*exp(9*x^2)', '-7/6*i*pi^(1/2)*erf(3*i*x)'],
  ['maxima', 'exp(x^2)', '-(sqrt(%pi)*%i*erf(%i*x))/2'],
  ['maxima', 'x^2*exp(x^2)', '(sqrt(%pi)*%i*erf(%i*x))/4+(x*%e^x^2)/2'],
  ['sympy', 'exp(x^2)', '-sqrt(pi)*I*erf(I*x)/2'],
  // Not printed by a system: identities the reading must get right (sin(ix) = i·sinh(x), e^(ix)).
  ['nerdamer', 'cosh(x)', 'sin(i*x)*i^(-1)'],
  ['nerdamer', '-sin(x)', 'e^(i*x)/2+e^(-i*x)/2'],
  ['sympy', 'cos(x)', '(exp(I*x) - exp(-I*x))/(2*I)'],
  ['nerdamer', 'sech(x)^2', 'tan(i*x)*i^(-1)'],
  ['algebrite', '2*x/(x^2+1)', 'log(x+i)+log(x-i)'],
  // A constant imaginary part does not change the derivative, nor does a piecewise constant one
  // (log(i*x) = log|x| + i*pi/2*sign(x)), nor one that is constant without looking it (atan(x)+atan(1/x)).
  ['nerdamer', '1/x', 'log(x)+i*pi'],
  ['sympy', '1/x', 'log(I*x)'],
  ['sympy', '2*x', 'x**2 + I*(atan(x) + atan(1/x))'],
];

describe('answers written with the imaginary unit', () => {
  test.each(RIGHT)('%s: ∫ %s dx = %s is read into a real tree that verifies', (system, problem, answer) => {
    const read = readers[system](answer);
    expect(read.status, read.error).toBe('ok');
    const v = verifyPair(parseExpr(problem), read.expr as ReturnType<typeof parseExpr>, SEARCH_VERIFY_OPTIONS);
    expect(v.verdict, v.reason).toBe('correct');
  });

  test('a wrong answer with the imaginary unit is read exactly, so it verifies as wrong (nerdamer drops e^1 from ∫ exp(3x^2+1))', () => {
    const read = fromNerdamer('(1/2)*erf(i*sqrt(3)*x)*i^(-1)*sqrt(3)^(-1)*sqrt(pi)');
    expect(read.status).toBe('ok');
    if (read.status !== 'ok') return;
    expect(verifyPair(parseExpr('exp(3*x^2+1)'), read.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('incorrect');
    expect(verifyPair(parseExpr('exp(3*x^2)'), read.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
  });

  test('an answer with no real form is not judged: an error with the reason, never a failure to archive', async () => {
    const cases: ReadonlyArray<readonly [string, string, string, RegExp]> = [
      // nerdamer's real answer to ∫ x^2 exp(x^2) dx: its imaginary part is -e^(x^2)/2.
      [
        'nerdamer',
        'x^2*exp(x^2)',
        '(1/2)*erf(i*x)*i^(-1)*sqrt(pi)*x^2+(1/4)*((-2*x^2-3)*e^(-x^2)*erf(i*x)*sqrt(pi)-2+2*i*x)*e^x^2*i',
        /imaginary part depends on x/,
      ],
      // Maxima's real (and right) answer to ∫ sin(x^2) dx, with erf of complex arguments.
      [
        'maxima',
        'sin(x^2)',
        '(sqrt(%pi)*((sqrt(2)*%i+sqrt(2))*erf(((sqrt(2)*%i+sqrt(2))*x)/2)+(sqrt(2)*%i-sqrt(2))*erf(((sqrt(2)*%i-sqrt(2))*x)/2)+(sqrt(2)-sqrt(2)*%i)*erf(sqrt(-%i)*x)+(sqrt(2)*%i+sqrt(2))*erf((-1)^(1/4)*x)))/16',
        /erf of a complex argument/,
      ],
      // Its imaginary part is arg(x+i), which changes with x.
      ['algebrite', '1/(x+1)', 'log(x+i)', /imaginary part depends on x/],
      ['sympy', 'x', 'x**I', /complex exponent/],
    ];
    for (const [system, problem, answer, why] of cases) {
      const read = readers[system](answer);
      expect(read.status, `${system}: ${answer}`).toBe('unjudged');
      expect(read.error).toMatch(why);
      expect(read.error).toContain('not a model failure');
      const asAnswer: TargetAnswer = { status: 'unjudged', text: answer, error: read.error ?? '', latencyMs: 1 };
      const { judgement } = await judgeOutcome(parseExpr(problem), [asAnswer], (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
      // Undecided: neither a failure to archive nor a fault to ask again.
      expect(judgement.status).toBe('undecided');
    }
  });

  test('a number in the answer is never taken for the imaginary unit, whatever its value', () => {
    // The unit is located by parsing twice with it written as 2 and as 3: the answer's own 2s and 3s,
    // and any other literal, are the same in both readings and stay numbers.
    const cases: ReadonlyArray<readonly [Reader, string, string]> = [
      [fromNerdamer, '7777777777777.125*x', '7777777777777.125'],
      [fromNerdamer, '3*x^2/2+2*i', '3*x'],
      [fromNerdamer, '(3*i)^2*x+2', '-9'],
      [fromAlgebrite, '2*i^2*x^3/3+3', '-2*x^2'],
      [readSympyAnswer, '2*I**2*x + 3*I + 2', '-2'],
      [fromMaxima, '%i^2*(3*x)^2/2+2', '-9*x'],
    ];
    for (const [read, answer, problem] of cases) {
      const r = read(answer);
      expect(r.status, `${answer}: ${r.error}`).toBe('ok');
      expect(verifyPair(parseExpr(problem), r.expr as ReturnType<typeof parseExpr>, SEARCH_VERIFY_OPTIONS).verdict, answer).toBe('correct');
    }
    // An imaginary part that does depend on x is not dropped, even next to the literals 2 and 3.
    expect(fromNerdamer('2*x+3*i*x').status).toBe('unjudged');
    expect(readSympyAnswer('3*x + 2*I*x**2').status).toBe('unjudged');
  });

  test('an answer whose real form would be a huge tree is refused, not expanded', () => {
    // Each complex power repeats its base's parts: ((x+i)^12)^12 written out has far more nodes than
    // any limit. The reading stays bounded and says why.
    const read = fromNerdamer('((x+i)^12)^12*(sin(i*x)+i)^12');
    expect(read.status).toBe('unjudged');
    expect(read.status === 'ok' ? '' : read.error).toMatch(/no real form within \d+ nodes/);
  });
});
