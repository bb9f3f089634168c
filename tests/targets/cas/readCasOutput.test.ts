import { describe, expect, it } from 'vitest';
import { compileReal } from '../../../src/expr/evalReal.js';
import { instantiate } from '../../../src/expr/edit/instantiate.js';
import type { AnswerReading } from '../../../src/targets/answerReading.js';
import { readAnswerText } from '../../../src/targets/cmd/readAnswerText.js';
import { fromMaxima } from '../../../src/targets/maxima/fromMaxima.js';
import { readSympyAnswer } from '../../../src/targets/sympy/readSympyAnswer.js';
import { readOdeReply } from '../../../src/tasks/ode/readOdeReply.js';

/** The reading's value at x with C1 = 2 (an ODE's constant), or why there is none. */
function valueAt(r: AnswerReading, x: number): number | string {
  if (r.status !== 'ok') return `${r.status}: ${r.error}`;
  return compileReal(instantiate(r.expr, { C1: 2 }))?.(x) ?? 'not evaluable';
}

describe("an answer with the imaginary unit and the names a problem admits (an ODE's C1)", () => {
  it('is read through its real form by the Maxima, SymPy and cmd: readers alike', () => {
    // C1*e^x + (i*x)^2 is C1*e^x - x^2.
    const expected = 2 * Math.exp(0.7) - 0.49;
    const admitted = { parameters: ['C1' as const] };
    for (const r of [
      fromMaxima('C1*%e^x + (%i*x)^2', admitted),
      readSympyAnswer('C1*exp(x) + (I*x)**2', admitted),
      readAnswerText('C1*exp(x) + (I*x)**2', admitted),
    ]) {
      const v = valueAt(r, 0.7);
      expect(typeof v === 'number' ? Math.abs(v - expected) : v).toBeLessThan(1e-12);
    }
  });

  it("makes Maxima's ode2 solution with %i and its constant %c an answer sagga cannot judge, never an unreadable one", () => {
    const r = readOdeReply('y = %e^-((999*x^2)/2)*(%c-(13*111^(3/2)*%i*gamma_incomplete(-1/2,-(999*x^2)/2)*abs(x))/(sqrt(2)*x))', fromMaxima, 'maxima');
    expect(r).toMatchObject({ status: 'unjudged', error: expect.stringMatching(/imaginary unit/) });
  });
});
