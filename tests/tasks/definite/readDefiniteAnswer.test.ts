import { describe, expect, it } from 'vitest';
import { toInfix } from '../../../src/expr/toInfix.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';
import { readDefiniteAnswer } from '../../../src/tasks/definite/readDefiniteAnswer.js';

describe('readDefiniteAnswer', () => {
  it.each([
    ['0.7854', '0.7854', '0.00005'],
    ['-1.25e-3', '-0.00125', '0.000005'],
    ['.5', '0.5', '0.05'],
    ['5.', '5', '0.5'],
    ['\u22120.5', '-0.5', '0.05'],
    ['3.14159265358979323846264338327950288419716939937510', '3.1415926535897932384626433832795028841971693993751', '5e-51'],
  ])('reads %s as a decimal answer with its stated tolerance', (text, value, tolerance) => {
    const r = readDefiniteAnswer(text);
    expect(r.ok).toBe(true);
    if (!r.ok || r.answer.kind !== 'decimal') throw new Error('not a decimal');
    expect(r.answer.value.eq(value), r.answer.value.toString()).toBe(true);
    expect(r.answer.statedTolerance.eq(tolerance), r.answer.statedTolerance.toString()).toBe(true);
  });

  it.each(['2', 'pi/4 - log(2)/2', '355/113', '0.5*pi', 'sqrt(3)*pi/9'])('reads %s as a closed form', (text) => {
    const r = readDefiniteAnswer(text);
    expect(r.ok && r.answer.kind).toBe('closed');
  });

  it('refuses an answer in x, an unknown name and oversized decimals, saying why', () => {
    expect(readDefiniteAnswer('x^2/2')).toMatchObject({ ok: false, error: expect.stringContaining('depends on x') });
    expect(readDefiniteAnswer('G')).toMatchObject({ ok: false });
    expect(readDefiniteAnswer(`0.${'1'.repeat(500)}`)).toMatchObject({ ok: false, refusal: 'limit' });
    expect(readDefiniteAnswer('1.5e99999')).toMatchObject({ ok: false, refusal: 'limit' });
  });
});

describe('parseBound', () => {
  it.each([
    ['oo', 'inf', 1],
    ['+oo', 'inf', 1],
    ['-oo', 'inf', -1],
    [' - oo ', 'inf', -1],
    ['-inf', 'inf', -1],
  ])('reads %s as an infinite end', (text, kind, sign) => {
    expect(parseBound(text)).toEqual({ ok: true, bound: { kind, sign } });
  });

  it.each(['0', '1/2', 'pi/2', 'log(2)', '-pi'])('reads %s as a finite end', (text) => {
    const r = parseBound(text);
    expect(r.ok && r.bound.kind === 'finite' && toInfix(r.bound.expr)).toBe(text === '-pi' ? '-pi' : text);
  });

  it('refuses a bound in x, an unreadable one and a long one', () => {
    expect(parseBound('x')).toMatchObject({ ok: false });
    expect(parseBound('1/')).toMatchObject({ ok: false });
    expect(parseBound('1'.repeat(300))).toMatchObject({ ok: false });
  });
});
