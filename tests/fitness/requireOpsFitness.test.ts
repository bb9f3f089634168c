import { describe, expect, test } from 'vitest';
import { requireOpsFitness } from '../../fitness/requireOpsFitness.js';
import { ctxOf } from './helpers.js';

describe('requireOpsFitness', () => {
  const trig = requireOpsFitness(['sin', 'cos', 'tan']);

  test('is 0 without any of the functions and 1 with at least one', () => {
    expect(trig.score(ctxOf('x^2 + exp(x)'))).toBe(0);
    expect(trig.score(ctxOf('x^2 + cos(3*x)'))).toBe(1);
    expect(trig.score(ctxOf('exp(tan(x))'))).toBe(1);
    expect(trig.score(ctxOf('sinh(x)'))).toBe(0);
  });

  test('accepts aliases and refuses unknown names', () => {
    expect(requireOpsFitness(['ln']).score(ctxOf('log(x)'))).toBe(1);
    expect(() => requireOpsFitness(['sine'])).toThrow(/unknown function 'sine'; valid ones: exp, log/);
    expect(() => requireOpsFitness([])).toThrow(/empty/);
  });
});
