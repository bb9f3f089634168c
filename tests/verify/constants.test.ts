import { describe, expect, it } from 'vitest';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

// A wide backstop: verdicts are what is checked, on a machine that may be busy.
const ROOMY = { budgetMs: 5000 };

describe('the verifier with named constants', () => {
  it.each([
    ['Catalan', 'Catalan*x'],
    ['EulerGamma*x', 'EulerGamma*x^2/2'],
    ['7*zeta(3)*x^6', 'zeta(3)*x^7'],
    ['zeta(3)*exp(x)', 'zeta(3)*exp(x) + Catalan'],
    ['EulerGamma^x', 'EulerGamma^x/log(EulerGamma)'],
    ['x^zeta(5)', 'x^(zeta(5) + 1)/(zeta(5) + 1)'],
  ])('%s has the antiderivative %s', (problem, answer) => {
    expect(verifyStrings(problem, answer, ROOMY)).toMatchObject({ verdict: 'correct' });
  });

  it.each([
    ['zeta(3)', 'zeta(2)*x'],
    ['Catalan', 'EulerGamma*x'],
    ['EulerGamma*x', 'Catalan*x^2/2'],
    ['zeta(3)*exp(x)', 'zeta(4)*exp(x)'],
  ])('%s does not have the antiderivative %s', (problem, answer) => {
    expect(verifyStrings(problem, answer, ROOMY)).toMatchObject({ verdict: 'incorrect' });
  });

  // ζ(6) = π⁶/945 and ζ(4) = π⁴/90: each integrand is 0, which in doubles leaves rounding noise; the
  // verifier decides it only when the difference shrinks at 32, 64 and 128 digits, so ζ must be
  // right to every one of them: 10^-50 more, and it is not decided.
  it.each([
    ['(zeta(6) - pi^6/945)*x^2', '0'],
    ['(90*zeta(4) - pi^4)*x^2', '0'],
  ])('%s is identically zero', (problem, answer) => {
    expect(verifyStrings(problem, answer, ROOMY)).toMatchObject({ verdict: 'correct' });
  });

  it.each([
    ['(zeta(6) - pi^6/945 + 1e-50)*x^2', '0'],
    ['(90*zeta(4) - pi^4 + 1e-50)*x^2', '0'],
  ])('%s is not', (problem, answer) => {
    expect(verifyStrings(problem, answer, ROOMY).verdict).not.toBe('correct');
  });
});
