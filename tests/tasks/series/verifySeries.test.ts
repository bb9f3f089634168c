import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { verifySeries } from '../../../src/tasks/series/verifySeries.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';
import { verifySeriesStrings } from '../../../src/tasks/series/verifySeriesStrings.js';

// Expected coefficients are textbook values (tan, Bernoulli numbers, binomial series), never the
// verifier's own output.
const series = (problem: string, point: string, order: number, answer: string) => verifySeries(parseExpr(problem), parseExpr(point), order, parseExpr(answer));

describe('verifySeries: correct Taylor polynomials', () => {
  it.each([
    ['exp(sin(x))', '0', 5, '1 + x + x^2/2 - x^4/8 - x^5/15'],
    ['tan(x)', '0', 11, 'x + x^3/3 + 2*x^5/15 + 17*x^7/315 + 62*x^9/2835 + 1382*x^11/155925'],
    ['x/(exp(x) - 1)', '0', 8, '1 - x/2 + x^2/12 - x^4/720 + x^6/30240 - x^8/1209600'],
    ['sin(x)/x', '0', 6, '1 - x^2/6 + x^4/120 - x^6/5040'],
    ['(1 + x)^(1/3)', '0', 3, '1 + x/3 - x^2/9 + 5*x^3/81'],
    ['atan(x)', '0', 9, 'x - x^3/3 + x^5/5 - x^7/7 + x^9/9'],
    ['log(x)', '2', 3, 'log(2) + (x - 2)/2 - (x - 2)^2/8 + (x - 2)^3/24'],
    ['sqrt(x)', '4', 3, '2 + (x - 4)/4 - (x - 4)^2/64 + (x - 4)^3/512'],
    ['1/(1 - 2*x)', '0', 4, '1 + 2*x + 4*x^2 + 8*x^3 + 16*x^4'],
  ] as const)('%s at %s to order %i', (problem, point, order, answer) => {
    const r = series(problem, point, order, answer);
    expect(r.verdict, r.reason).toBe('correct');
    expect(r.reason).toContain('exactly');
  });

  it('expansions at irrational points, with coefficients such as e and sqrt(3), agree at two precisions', () => {
    const e = series('exp(x)', '1', 3, 'e + e*(x - 1) + e*(x - 1)^2/2 + e*(x - 1)^3/6');
    expect(e.verdict, e.reason).toBe('correct');
    expect(e.reason).toContain('at two precisions');
    const c = series('cos(x)', 'pi/3', 3, '1/2 - sqrt(3)/2*(x - pi/3) - (x - pi/3)^2/4 + sqrt(3)/12*(x - pi/3)^3');
    expect(c.verdict, c.reason).toBe('correct');
  });

  it('reads an answer in powers of x for a non-zero point (the same polynomial expanded)', () => {
    // (x - 4) terms of sqrt(x) at 4 to order 2, multiplied out: 2 + (x-4)/4 - (x-4)^2/64.
    const r = series('sqrt(x)', '4', 2, '3/4 + 3*x/8 - x^2/64');
    expect(r.verdict, r.reason).toBe('correct');
  });

  it('a coefficient that vanishes only up to rounding (sin(pi) in decimals) agrees with an exact 0', () => {
    // sin(pi*x)/(x - 1) at 1 = -pi + pi^3/6 (x-1)^2 - …: the (x - 1) coefficient is 0.
    const r = series('sin(pi*x)/(x - 1)', '1', 2, '-pi + pi^3/6*(x - 1)^2');
    expect(r.verdict, r.reason).toBe('correct');
  });
});

describe('verifySeries: wrong answers and what the reason names', () => {
  it('names a wrong high-order coefficient with both values', () => {
    const r = series('exp(sin(x))', '0', 5, '1 + x + x^2/2 - x^4/6 - x^5/15');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toBe('coefficient of x^4: expected -1/8, answer has -1/6');
  });

  it('names a coefficient at a non-zero point in powers of x - a', () => {
    const r = series('log(x)', '2', 3, 'log(2) + (x - 2)/2 + (x - 2)^2/8 + (x - 2)^3/24');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('coefficient of (x - 2)^2: expected -1/8, answer has 1/8');
  });

  it('names a wrong irrational coefficient in decimals', () => {
    // The (x - pi/3) coefficient of cos at pi/3 is -sqrt(3)/2 = -0.8660254038.
    const r = series('cos(x)', 'pi/3', 2, '1/2 + sqrt(3)/2*(x - pi/3) - (x - pi/3)^2/4');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('coefficient of (x - pi/3): expected -0.8660254038, answer has 0.8660254038');
  });

  it('counts the other wrong coefficients after the first', () => {
    const r = series('exp(x)', '0', 4, '1 + x + x^2 + x^3 + x^4');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/^coefficient of x\^2: expected 1\/2, answer has 1; 2 more differ \(x\^3, x\^4\)$/);
  });

  it('calls a term beyond the order wrong, even a true one', () => {
    const r = series('exp(sin(x))', '0', 4, '1 + x + x^2/2 - x^4/8 - x^5/15');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain("term beyond the order 4: the answer's coefficient of x^5 is -1/15");
  });

  it('calls an answer that is not a polynomial incorrect, naming the offending part', () => {
    expect(series('1/(1 - x)', '0', 3, '1/(1 - x)')).toMatchObject({ verdict: 'incorrect', reason: expect.stringContaining('not a polynomial in x') });
    expect(series('exp(x)', '0', 3, 'exp(x)').reason).toContain('exp(x)');
    expect(series('sqrt(1 + x)', '0', 2, 'x^(1/2)').verdict).toBe('incorrect');
  });

  it('the Maclaurin polynomial given for a non-zero point is wrong', () => {
    // 1 + x + x^2/2 at x = 1 is 5/2, not e.
    const r = series('exp(x)', '1', 2, '1 + x + x^2/2');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('the constant term: expected 2.718281828, answer has 5/2');
  });

  it('holds a decimal answer to six significant digits', () => {
    expect(series('exp(x)', '0', 3, '1 + 1.0*x + 0.5*x^2 + 0.1666667*x^3').verdict).toBe('correct');
    const r = series('exp(x)', '0', 3, '1 + 1.0*x + 0.5*x^2 + 0.1666*x^3');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('coefficient of x^3: expected 1/6, answer has 0.1666');
  });
});

describe('verifySeries: problems it cannot expand', () => {
  it('is invalid when exact arithmetic proves there is no Taylor expansion at the point', () => {
    expect(series('log(x)', '0', 3, 'x').verdict).toBe('invalid');
    expect(series('abs(x)', '0', 2, 'x').verdict).toBe('invalid');
    expect(series('1/x', '0', 2, 'x').verdict).toBe('invalid');
    expect(series('x^(3/2)', '0', 2, 'x').verdict).toBe('invalid');
  });

  it('is unknown where a value has no high-precision implementation (erf away from 0)', () => {
    const r = series('erf(x)', '1', 2, 'x');
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toContain('erf');
  });

  it('expands erf at 0, where its value is exact and its derivative elementary', () => {
    // erf(x) = 2/sqrt(pi) (x - x^3/3 + x^5/10 - …)
    const r = series('erf(x)', '0', 5, '2/sqrt(pi)*(x - x^3/3 + x^5/10)');
    expect(r.verdict, r.reason).toBe('correct');
  });

  it('refuses orders out of range and points that depend on x', () => {
    expect(series('exp(x)', '0', -1, '1').verdict).toBe('invalid');
    expect(series('exp(x)', '0', 41, '1').verdict).toBe('invalid');
    expect(series('exp(x)', '0', 2.5, '1').verdict).toBe('invalid');
    expect(series('exp(x)', 'x', 2, '1').verdict).toBe('invalid');
  });

  it('stops at its work budget, saying so, and never spends more than the budget', () => {
    const r = verifySeries(parseExpr('exp(sin(x))*tan(x)/(1 + x^2)'), parseExpr('1/3'), 30, parseExpr('1'), { work: 2_000_000 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toContain('work budget of 2000000 units');
    expect(r.work).toBeLessThanOrEqual(2_000_000);
  });

  it('gives the same verdict and reason on every run', () => {
    const runs = [0, 1, 2].map(() => series('exp(x)*cos(x)', 'pi', 5, '1'));
    expect(new Set(runs.map((r) => `${r.verdict} ${r.reason}`)).size).toBe(1);
  });
});

describe('verifySeriesStrings', () => {
  it("reads SymPy's remainder term and drops it when it lies beyond the order", () => {
    expect(verifySeriesStrings('sin(x)', '0', 5, 'x - x**3/6 + x**5/120 + O(x**6)').verdict).toBe('correct');
    expect(verifySeriesStrings('exp(x)', '1', '2', 'E + E*(x - 1) + E*(x - 1)**2/2 + O((x - 1)**3, (x, 1))').verdict).toBe('correct');
  });

  it('calls a remainder at or below the order a short answer', () => {
    const r = verifySeriesStrings('sin(x)', '0', 5, 'x - x**3/6 + O(x**5)');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toBe('the answer stops short of the order 5: its remainder term is O(x^5)');
  });

  it('names the field it cannot read', () => {
    expect(verifySeriesStrings('sin(', '0', 5, 'x').reason).toMatch(/^problem: /);
    expect(verifySeriesStrings('sin(x)', '0', 'five', 'x').reason).toMatch(/^order: /);
    expect(verifySeriesStrings('sin(x)', '0', 5, 'x + foo(x)').reason).toMatch(/^answer: /);
    expect(verifySeriesStrings('sin(x)', 'oo', 5, 'x').reason).toMatch(/^point: /);
  });
});

describe('verifySeries: answers with integers beyond 2^53', () => {
  // SymPy's exact answers, read as the SymPy target reads them: their integers are rounded into
  // doubles, so exact comparison would call them wrong by the rounding alone.
  const series = (problem: string, point: string, order: number, answer: string) =>
    verifySeries(parseExpr(problem), parseExpr(point), order, parseExpr(answer.replace(/\*\*/g, '^'), ANSWER_LIMITS));

  it("calls SymPy's right answers with huge integers correct, or at worst unknown, never incorrect", () => {
    const sin = series('sin(283668*x)', '0', 5, '76531546925518980049679232*x**5/5 - 3804344083042272*x**3 + 283668*x');
    expect(sin.verdict, sin.reason).toBe('correct');
    expect(sin.reason).toMatch(/beyond 2\^53/);
    const atan = series(
      'atan(541*x)',
      '-1',
      5,
      '4962293314505963052819299*x**5/2684664891015978516597108040 + 5954758759285106218239239*x**4/536932978203195703319421608 + 11165189628374725700774429*x**3/402699733652396777489566206 + 9924634102231729162045081*x**2/268466489101597851659710804 + 14886998626706426695675869*x/536932978203195703319421608 - atan(541) + 74435247455380335474143497/8053994673047935549791324120',
    );
    expect(atan.verdict, atan.reason).not.toBe('incorrect');
  });

  it('does not call such an answer with a wrong coefficient correct', () => {
    const wrong = series('sin(283668*x)', '0', 5, '76531546925518980049679232*x**5/5 - 3804344083042272*x**3 + 283669*x');
    expect(wrong.verdict).not.toBe('correct');
  });
});
