import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { readLimitAnswer } from '../../../src/tasks/limit/readLimitAnswer.js';
import { readLimitPoint } from '../../../src/tasks/limit/readLimitPoint.js';
import { verifyLimit } from '../../../src/tasks/limit/verifyLimit.js';
import { verifyLimitStrings } from '../../../src/tasks/limit/verifyLimitStrings.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';

const limit = (problem: string, point: string, direction: '+' | '-' | '+-' | undefined, answer: string) =>
  verifyLimitStrings(problem, point, direction, answer);

describe('verifyLimit: finite limits', () => {
  it.each([
    ['sin(x)/x', '0', '+-', '1'],
    ['(1 - cos(x))/x^2', '0', '+-', '1/2'],
    ['sqrt(x^2 + x) - x', 'oo', '-', '1/2'],
    ['(1 + 1/x)^x', 'oo', '-', 'e'],
    ['x*log(x)', '0', '+', '0'],
    ['x^x', '0', '+', '1'],
    ['1/x - 1/sin(x)', '0', '+-', '0'],
    ['x*sin(1/x)', '0', '+-', '0'],
    ['atan(x)', '-oo', '+', '-pi/2'],
    ['(x^2 - 1)/(x - 1)', '1', undefined, '2'],
  ] as const)('lim %s as x → %s%s is %s', (problem, point, direction, answer) => {
    const r = limit(problem, point, direction, answer);
    expect(r.verdict, r.reason).toBe('correct');
  });

  it('calls a value off by 1e-4 wrong, giving both numbers', () => {
    const r = limit('sqrt(x^2 + 3*x) - x', 'oo', '-', '1.5001');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/^as x → oo: f tends to 1\.5 ± [0-9.e-]+, the answer is 1\.5001 \(at 40 and 80 digits\)$/);
  });

  it('shows a closed form that is wrong past 12 digits with the digits that tell it apart, and how far apart', () => {
    // nerdamer's limit of atan(-147) at oo: a rational 2e-15 from atan(-147).
    const r = limit('atan(-147)', 'oo', '-', '-42778711/27352227');
    expect(r.verdict).toBe('incorrect');
    const [, tends, answer] = /f tends to (\S+) ± \S+, the answer is (\S+), (\S+) apart/.exec(r.reason) ?? [];
    expect(tends).toMatch(/^-1\.56399371064\d+$/);
    expect(answer).toMatch(/^-1\.56399371064\d+$/);
    expect(tends).not.toBe(answer);
    expect(tends.length).toBe(answer.length);
  });

  it('holds a decimal answer to 1e-6 and a closed form to 12 significant digits', () => {
    expect(limit('(1 + 1/x)^x', 'oo', '-', '2.7182818').verdict).toBe('correct');
    expect(limit('(1 + 1/x)^x', 'oo', '-', '2.71828').verdict).toBe('incorrect');
    // 19/7 is 2.714…: a closed form that is merely close is wrong.
    expect(limit('(1 + 1/x)^x', 'oo', '-', '19/7').verdict).toBe('incorrect');
  });
});

describe('verifyLimit: infinite limits and DNE', () => {
  it('takes divergence to oo or -oo as an answer like any other', () => {
    expect(limit('1/x^2', '0', '+-', 'oo').verdict).toBe('correct');
    expect(limit('log(x)', '0', '+', '-oo').verdict).toBe('correct');
    expect(limit('exp(x)/x^3', 'oo', '-', 'oo').verdict).toBe('correct');
    const r = limit('log(x)', '0', '+', 'oo');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('f diverges to -oo');
  });

  it("makes one-sided limits that differ a DNE, and calls one side's value wrong for the two-sided limit", () => {
    expect(limit('abs(x)/x', '0', '+-', 'DNE').verdict).toBe('correct');
    expect(limit('abs(x)/x', '0', '+', '1').verdict).toBe('correct');
    expect(limit('abs(x)/x', '0', '-', '-1').verdict).toBe('correct');
    const r = limit('abs(x)/x', '0', '+-', '1');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('one-sided limits differ: from the right f tends to 1, from the left it tends to -1');
    expect(limit('1/x', '0', '+-', 'DNE').verdict).toBe('correct');
    expect(limit('exp(1/x)', '0', '-', '0').verdict).toBe('correct');
  });

  it('recognises oscillating non-limits at 0 and at oo', () => {
    expect(limit('sin(1/x)', '0', '+-', 'DNE').verdict).toBe('correct');
    expect(limit('x*sin(x)', 'oo', '-', 'DNE').verdict).toBe('correct');
    const r = limit('sin(1/x)', '0', '+', '0');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('keeps swinging');
  });

  // Each of these turns only past its numbers: 1737248 − x changes sign at x = 1737248,
  // x/1737248 − 1737248 at 1737248², x − 1/1000000 at 10⁻⁶ from 0. Their values closer in grow with one
  // sign and 1/f extrapolates to 0 all along, so the sign must come from past the turn.
  it.each([
    ['(3*x^2 + 1)/(1737248 - x)', 'oo', '-', '-oo', 'oo'],
    ['(x^2 + 1)/(x/1737248 - 1737248)', 'oo', '-', 'oo', '-oo'],
    ['1/(x*(x - 1/1000000))', '0', '+', '-oo', 'oo'],
  ] as const)('follows %s as x → %s%s past where its numbers turn it: %s, not %s', (problem, point, direction, right, wrong) => {
    const r = limit(problem, point, direction, right);
    expect(r.verdict, r.reason).toBe('correct');
    const w = limit(problem, point, direction, wrong);
    expect(w.verdict, w.reason).toBe('incorrect');
  });

  it('leaves a divergence unknown when its numbers may turn it beyond where f can be followed', () => {
    for (const answer of ['oo', '-oo']) {
      const r = limit('(3*x^2 + 1)/(173724800000 - x)', 'oo', '-', answer);
      expect(r.verdict).toBe('unknown');
      expect(r.reason).toMatch(/f diverges to -oo as far as it could be followed, out to \|x\| = [0-9.e+]+, short of 3\.02e\+22/);
    }
  });

  // 259081*x^2 + x is negative for -1/259081 < x < 0: left of 0, f's real values end short of the
  // point, and what they did out there is no limit from the left.
  it('leaves out a side whose real values end short of the point, and is unknown where they come back', () => {
    const r = limit('sqrt((509*x)^2 + x) - 189*x', '0', '+-', '0');
    expect(r.verdict, r.reason).toBe('correct');
    expect(r.reason).toContain('f is not real from the left');
    expect(limit('sqrt((509*x)^2 + x)', '0', '-', '0').verdict).toBe('unknown');
    const back = limit('sqrt((x + 1/1000)*(x + 1/100000))', '0', '-', '1/10000');
    expect(back.verdict).toBe('unknown');
    expect(back.reason).toMatch(/f is not real or not computable at x = -0\.000964505, and real again at some point closer in/);
  });

  it('calls DNE wrong where the limit exists', () => {
    const r = limit('sin(x)/x', '0', '+-', 'DNE');
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toContain('the limit exists');
  });
});

describe('verifyLimit: what it leaves unknown or refuses', () => {
  it('is unknown where the approach is too slow to extrapolate (1/log(x) at 0+)', () => {
    expect(limit('1/log(x)', '0', '+', '0').verdict).toBe('unknown');
  });

  it('refuses a direction other than the only one at an infinity, and unreadable fields', () => {
    expect(limit('1/x', 'oo', '+', '0').verdict).toBe('invalid');
    expect(limit('1/x', '-oo', '-', '0').verdict).toBe('invalid');
    expect(verifyLimitStrings('1/x', '0', 'left', '0').reason).toMatch(/^direction: /);
    expect(verifyLimitStrings('1/x', 'x', '+', '0').reason).toMatch(/^point: /);
    expect(verifyLimitStrings('1/(x', '0', '+', '0').reason).toMatch(/^problem: /);
  });

  it('calls an answer that depends on x wrong', () => {
    expect(limit('sin(x)/x', '0', '+-', 'x + 1').verdict).toBe('incorrect');
  });

  it('stops at its work budget, saying so, and spends no more than it', () => {
    const r = verifyLimit(parseExpr('sin(1/x)'), { kind: 'finite', at: parseExpr('0') }, '+-', { kind: 'dne' }, { work: 3_000_000 });
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toContain('work budget of 3000000 units');
    expect(r.work).toBeLessThanOrEqual(3_000_000);
  });

  it('gives the same verdict and reason on every run', () => {
    const runs = [0, 1].map(() => limit('x*sin(1/x)', '0', '+', '0'));
    expect(runs[0].reason).toBe(runs[1].reason);
  });
});

describe('readLimitPoint and readLimitAnswer', () => {
  it('read the infinities and DNE into their own kinds, and anything else as infix', () => {
    expect(readLimitPoint('oo')).toEqual({ ok: true, point: { kind: 'infinite', sign: 1 } });
    expect(readLimitPoint(' -oo ')).toEqual({ ok: true, point: { kind: 'infinite', sign: -1 } });
    expect(readLimitPoint('pi/2')).toMatchObject({ ok: true, point: { kind: 'finite' } });
    expect(readLimitPoint('x + 1').ok).toBe(false);
    expect(readLimitAnswer('-infinity')).toEqual({ ok: true, answer: { kind: 'infinite', sign: -1 } });
    expect(readLimitAnswer('DNE')).toEqual({ ok: true, answer: { kind: 'dne' } });
    expect(readLimitAnswer('does not exist')).toEqual({ ok: true, answer: { kind: 'dne' } });
    expect(readLimitAnswer('e^2')).toMatchObject({ ok: true, answer: { kind: 'value' } });
    expect(readLimitAnswer('constructor').ok).toBe(false);
  });
});

describe('verifyLimit: answers with integers beyond 2^53', () => {
  // SymPy's exact values, read as the SymPy target reads them (integers rounded into doubles).
  const limit = (problem: string, at: string, answer: string) =>
    verifyLimit(parseExpr(problem), { kind: 'finite', at: parseExpr(at) }, '+-', { kind: 'value', value: parseExpr(answer, ANSWER_LIMITS) });

  it("never calls SymPy's exact huge values incorrect: 684^(x^2) at 3 is 684^9", () => {
    const r = limit('684^x^2', '3', '32772148603866157922648064');
    expect(r.verdict, r.reason).not.toBe('incorrect');
  });

  it('says why it will not decide a difference such an answer shows', () => {
    const r = limit('684^x^2', '3', '32772148603866157922648065000');
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/beyond 2\^53 were rounded/);
  });
});
