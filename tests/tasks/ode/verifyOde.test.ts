import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';
import { readOde } from '../../../src/tasks/ode/readOde.js';
import { readOdeAnswer } from '../../../src/tasks/ode/readOdeAnswer.js';
import { readOdeCondition } from '../../../src/tasks/ode/readOdeCondition.js';
import { verifyOde } from '../../../src/tasks/ode/verifyOde.js';
import { verifyOdeStrings } from '../../../src/tasks/ode/verifyOdeStrings.js';
import { createRng } from '../../../src/util/rng.js';

const HARMONIC = "y'' + 4*y = sin(3*x)";
const verdictOf = (problem: string, conditions: string[], answer: string, parameters = {}) => verifyOdeStrings(problem, conditions, answer, { parameters });

describe('verifyOde: general solutions', () => {
  test('the general solution is correct, naming the values of its constants tried', () => {
    const r = verdictOf(HARMONIC, [], 'y = C1*cos(2*x) + C2*sin(2*x) - sin(3*x)/5');
    expect(r.verdict).toBe('correct');
    expect(r.reason).toMatch(
      /^y satisfies the equation at \d+ points in \[.*\] for each of \(C1 = -?[\d.]+, C2 = -?[\d.]+\); .*its 2 constants are independent$/,
    );
  });

  test('other forms of it too: amplitude and phase, renamed constants', () => {
    expect(verdictOf("y'' + 9*y = 0", [], 'y = C1*sin(3*x + C2)').verdict).toBe('correct');
    expect(verdictOf("y'' + 9*y = 0", [], 'y = C2*cos(3*x) + 5*C1*sin(3*x)').verdict).toBe('correct');
    expect(verdictOf("y'' - y = 0", [], 'y = C1*cosh(x) + C2*sinh(x)').verdict).toBe('correct');
  });

  test('a particular solution offered for the general one is incorrect, with that reason', () => {
    expect(verdictOf(HARMONIC, [], 'y = -sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason:
        'a particular solution where the general solution was asked: the answer has no arbitrary constant, and the general solution of an equation of order 2 has 2 independent constants',
    });
  });

  test('too few constants, or a redundant one, is incorrect', () => {
    expect(verdictOf(HARMONIC, [], 'y = C1*cos(2*x) - sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/has 1 constant \(C1\).*has 2 independent constants/),
    });
    expect(verdictOf(HARMONIC, [], 'y = (C1 + C2)*cos(2*x) - sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/C1, C2 count as 1 independent constant/),
    });
    expect(verdictOf("y' = y", [], 'y = C1*C2*exp(x)')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/count as 1 independent constant/),
    });
    expect(verdictOf(HARMONIC, [], 'y = C1*cos(2*x) + C2*sin(2*x) + C3*cos(2*x) - sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/C1, C2, C3 count as 2 independent constants \(1 is redundant\)/),
    });
    expect(verdictOf("y'' = 0", [], 'y = C1 + C2')).toMatchObject({ verdict: 'incorrect', reason: expect.stringMatching(/count as 1 independent constant/) });
  });

  test('an answer that does not solve the equation is incorrect, naming the constants and where it fails', () => {
    const r = verdictOf(HARMONIC, [], 'y = C1*cos(2*x) + C2*sin(2*x) + sin(3*x)/5');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/^for C1 = -?[\d.]+, C2 = -?[\d.]+: y does not satisfy the equation at x = [-\d.]+: the residual is /);
  });
});

describe('verifyOde: the whole domain', () => {
  test("log(x) solves y' = 1/x on the whole line, up to a complex constant, as it integrates 1/x", () => {
    expect(verdictOf("y' = 1/x", [], 'y = log(x) + C1').verdict).toBe('correct');
    expect(verdictOf("y' = 1/x", [], 'y = log(abs(x)) + C1').verdict).toBe('correct');
  });

  test('an answer right only for x > 0 is incorrect, naming where it fails', () => {
    const r = verdictOf("y' + y = 1/x + log(abs(x))", [], 'y = log(x) + C1*exp(-x)');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/the residual is 0 \+ 3\.14159\d*i/);
    expect(r.reason).toMatch(/it fails at \d+ of \d+ points compared, in \[-[\d.]+, -[\d.]+\]/);
    expect(verdictOf("y' + y = 1/x + log(abs(x))", [], 'y = log(abs(x)) + C1*exp(-x)').verdict).toBe('correct');
    expect(verdictOf("y' = abs(x)", [], 'y = x^2/2 + C1').verdict).toBe('incorrect');
    expect(verdictOf("y' = abs(x)", [], 'y = x*abs(x)/2 + C1').verdict).toBe('correct');
  });

  test('where the equation is not defined, nothing is asked of the answer', () => {
    // sqrt(x) is not real for x < 0: only x > 0 counts.
    expect(verdictOf("y' = 3*sqrt(x)", [], 'y = 2*x^(3/2) + C1').verdict).toBe('correct');
    expect(verdictOf("y' = 3*sqrt(x)", [], 'y = 2*x^(5/2) + C1').verdict).toBe('incorrect');
  });

  test('a singular point of the equation (its leading coefficient 0) is left out', () => {
    expect(verdictOf("x*y' - 2*y = 0", [], 'y = C1*x^2').verdict).toBe('correct');
  });
});

describe('verifyOde: constants beside parts of very different size', () => {
  // Maxima's right general solutions, once called incorrect with "C1, C2 count as 0 (or 1)
  // independent constants": the differences between solutions were lost beside e^(x + 399), or
  // beside e^(722x); each constant's own direction shows at every point.
  test('the constants of a right answer count in full beside a huge particular part', () => {
    for (const [problem, answer] of [
      ["y'' - 4*y' + 4*y = exp(x + 399)", 'e^(x + 399) + (C2*x + C1)*e^(2*x)'],
      ["y'' - 4*y' + 4*y = exp(122)", '(C2*x + C1)*e^(2*x) + e^122/4'],
      ["y'' - 722*y' + y = 0", 'C1*e^((24*sqrt(905) + 722)*x/2) + C2*e^((722 - 24*sqrt(905))*x/2)'],
    ]) {
      const r = verdictOf(problem, [], answer);
      expect(r.verdict, `${problem}: ${r.reason}`).toBe('correct');
      expect(r.reason).toMatch(/its 2 constants are independent$/);
    }
  });

  test('a redundant constant is still incorrect there', () => {
    expect(verdictOf("y'' - 4*y' + 4*y = exp(x + 399)", [], 'e^(x + 399) + (C2 + C1)*e^(2*x)')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/C1, C2 count as 1 independent constant/),
    });
    expect(verdictOf("y'' - 4*y' + 4*y = exp(2)", [], '(C2 + C1)*e^(2*x) + e^2/4')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/C1, C2 count as 1 independent constant/),
    });
  });
});

describe('verifyOde: conditions', () => {
  test('the solution of the initial value problem is correct; the general one is not', () => {
    expect(verdictOf(HARMONIC, ['y(0)=0', "y'(0)=0"], 'y = 3*sin(2*x)/10 - sin(3*x)/5')).toMatchObject({
      verdict: 'correct',
      reason: expect.stringMatching(/and y\(0\) = 0 and y'\(0\) = 0 hold$/),
    });
    expect(verdictOf(HARMONIC, ['y(0)=0', "y'(0)=0"], 'y = C1*cos(2*x) + C2*sin(2*x) - sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^for C1 = .*: the condition y\(0\) = 0 does not hold|the conditions fix every constant/),
    });
  });

  test('a wrong constant is incorrect, naming the condition and the value found', () => {
    expect(verdictOf(HARMONIC, ['y(0)=0', "y'(0)=0"], 'y = sin(2*x)/10 - sin(3*x)/5')).toMatchObject({
      verdict: 'incorrect',
      reason: "the condition y'(0) = 0 does not hold: y'(0) = -0.4, not 0",
    });
    expect(verdictOf("y' = y", ['y(1)=1'], 'y = exp(x)')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/y\(1\) = 2\.718281828, not 1/),
    });
    expect(verdictOf("y' = y", ['y(1)=1'], 'y = exp(x - 1)').verdict).toBe('correct');
  });

  test('a condition at an irrational point is checked at that point, not its nearest double', () => {
    expect(verdictOf("y'' + y = 0", ['y(pi/2)=1', "y'(pi/2)=0"], 'y = sin(x)').verdict).toBe('correct');
    expect(verdictOf("y'' + y = 0", ['y(pi/2)=1', "y'(pi/2)=0"], 'y = sin(x) + 10^-9*cos(x)').verdict).toBe('incorrect');
  });

  test('one condition for order 2 leaves one constant', () => {
    expect(verdictOf("y'' + y = 0", ['y(0)=2'], 'y = 2*cos(x) + C1*sin(x)').verdict).toBe('correct');
    expect(verdictOf("y'' + y = 0", ['y(0)=2'], 'y = 2*cos(x)')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/1 condition has 1 independent constant/),
    });
  });

  test('an answer undefined at the point fails; conditions that cannot belong to the equation are invalid', () => {
    expect(verdictOf("y' = 1/x", ['y(0)=1'], 'y = log(x) + 1')).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/y\(0\) is not a finite number/),
    });
    expect(verdictOf("y' = y", ["y'(0)=1"], 'y = exp(x)')).toMatchObject({
      verdict: 'invalid',
      reason: expect.stringMatching(/not a condition of an equation of order 1/),
    });
    expect(verdictOf("y' = y", ['y(0)=1', 'y(1)=1'], 'y = exp(x)')).toMatchObject({
      verdict: 'invalid',
      reason: expect.stringMatching(/2 conditions for an equation of order 1/),
    });
    expect(verdictOf("y' = y", ['y(0)=log(-1)'], 'y = exp(x)')).toMatchObject({
      verdict: 'invalid',
      reason: expect.stringMatching(/the value is not a real number/),
    });
  });

  test('a removable singularity at the point is left unknown', () => {
    expect(verdictOf("x*y' + y = cos(x)", ['y(0)=1'], 'y = sin(x)/x')).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringMatching(/removable singularity/),
    });
  });
});

describe('verifyOde: a CAS answer with exact rationals beyond 2^53', () => {
  // Maxima's ic2 writes such solutions; their integers are read rounded to doubles (ANSWER_LIMITS).
  const b = '5069149673033483345';
  const twoB = '10138299346066966690';
  const read = (text: string) => {
    const r = readOdeAnswer(text, [], ANSWER_LIMITS);
    if (!r.ok) throw new Error(r.error);
    return r.answer;
  };
  const ode = readOde("y' = y");
  const condition = readOdeCondition('y(0) = 1');
  if (!ode.ok || !condition.ok) throw new Error('fixture');

  test('meets its condition though its integers are rounded; a value off by a millionth still fails', () => {
    const right = verifyOde(ode.ode, [condition.condition], read(`(${b}*exp(x) + ${b}*exp(x))/${twoB}`));
    expect(right.verdict, right.reason).toBe('correct');
    const off = verifyOde(ode.ode, [condition.condition], read(`(${b}*exp(x) + ${b}*exp(x))/${twoB}*(1000001/1000000)`));
    expect(off.verdict).toBe('incorrect');
    expect(off.reason).toMatch(/the condition y\(0\) = 1 does not hold/);
  });

  // 2^60 + 300 is read as the double 2^60 + 256, written 1152921504606847200, and 2^60 as
  // 1152921504606847000: the answers below are exactly exp(x) and x + C1, but read, decimals see
  // y(0) = 2/3 and y' = 2/3. Neither proves the answer wrong.
  const big = '1152921504606847276';
  const bigLess = '1152921504606846976';
  const exactly = (term: string) => `(${big}*${term} - ${bigLess}*${term})/300`;

  test('a condition the rounding alone may break is unknown, never incorrect', () => {
    const r = verifyOde(ode.ode, [condition.condition], read(exactly('exp(x)')));
    expect(r.verdict, r.reason).toBe('unknown');
  });

  test('an equation the rounding alone may break is unknown, never incorrect', () => {
    const slope = readOde("y' = 1");
    if (!slope.ok) throw new Error('fixture');
    const r = verifyOde(slope.ode, [], read(`${exactly('x')} + C1`));
    expect(r.verdict, r.reason).toBe('unknown');
  });
});

describe('verifyOde: parameters', () => {
  test('an answer right only for A = 1 is incorrect, naming the instantiation', () => {
    const r = verdictOf("y' = A*y", [], 'y = C1*exp(x)', { A: 'positive' });
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/^incorrect for A = [\d.]+: for C1 = -?[\d.]+: y does not satisfy the equation/);
    expect(verdictOf("y' = A*y", [], 'y = C1*exp(A*x)', { A: 'positive' }).verdict).toBe('correct');
    expect(verdictOf("y'' + A^2*y = 0", ['y(0)=1', "y'(0)=0"], 'y = cos(A*x)', { A: 'positive' }).verdict).toBe('correct');
    expect(verdictOf("y'' + A^2*y = 0", ['y(0)=1', "y'(0)=0"], 'y = cos(x)', { A: 'positive' }).verdict).toBe('incorrect');
  });

  test('a tree with a parameter without a value is refused', () => {
    const ode = readOde("y' = A*y", ['A']);
    if (!ode.ok) throw new Error(ode.error);
    expect(verifyOde(ode.ode, [], parseExpr('exp(x)')).verdict).toBe('invalid');
  });
});

describe('verifyOde: budget and reproducibility', () => {
  test('a pair that needs more work than its budget is unknown, saying so', () => {
    const r = verifyOdeStrings(HARMONIC, [], 'y = C1*cos(2*x) + C2*sin(2*x) - sin(3*x)/5', { work: 2_000 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/work budget was used up/);
    expect(r.work).toBeLessThanOrEqual(2_000 + 1_000);
  });

  test('the values of the constants come from the generator given, and the default is fixed', () => {
    const answer = 'y = C1*cos(2*x) + C2*sin(2*x) + sin(3*x)/5';
    expect(verdictOf(HARMONIC, [], answer).reason).toBe(verdictOf(HARMONIC, [], answer).reason);
    const other = verifyOdeStrings(HARMONIC, [], answer, { constantsRng: createRng('other') });
    expect(other.verdict).toBe('incorrect');
    expect(other.reason).not.toBe(verdictOf(HARMONIC, [], answer).reason);
  });
});
