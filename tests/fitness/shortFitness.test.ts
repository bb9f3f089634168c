import { describe, expect, test } from 'vitest';
import { shortFitness } from '../../fitness/shortFitness.js';
import { ctxOf, ctxWith } from './helpers.js';

describe('shortFitness', () => {
  test('is 1/|x| in the chosen measure (eq. 6)', () => {
    const ctx = ctxWith({ chars: 8, tokens: 5, nodes: 4 });
    expect(shortFitness().score(ctx)).toBe(1 / 8);
    expect(shortFitness('chars').score(ctx)).toBe(0.125);
    expect(shortFitness('tokens').score(ctx)).toBe(0.2);
    expect(shortFitness('nodes').score(ctx)).toBe(0.25);
  });

  test('on real metrics of x^2 + 1', () => {
    // Tree add(pow(x, 2), 1): 5 nodes. Lample–Charton tokens `add pow x INT+ 2 INT+ 1`: 7.
    const ctx = ctxOf('x^2 + 1');
    expect(shortFitness('nodes').score(ctx)).toBe(1 / 5);
    expect(shortFitness('tokens').score(ctx)).toBe(1 / 7);
    expect(shortFitness('chars').score(ctx)).toBe(1 / 'x^2 + 1'.length);
  });

  test('shorter problems score higher', () => {
    expect(shortFitness().score(ctxOf('x'))).toBeGreaterThan(shortFitness().score(ctxOf('x^2 + 3*x + 1')));
  });
});
