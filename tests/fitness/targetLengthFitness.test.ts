import { describe, expect, test } from 'vitest';
import { targetLengthFitness } from '../../fitness/targetLengthFitness.js';
import { ctxWith } from './helpers.js';

describe('targetLengthFitness', () => {
  test('is 1/(|len(x) - L| + 1) (eq. 7)', () => {
    expect(targetLengthFitness(20).score(ctxWith({ chars: 20 }))).toBe(1);
    expect(targetLengthFitness(20).score(ctxWith({ chars: 23 }))).toBe(0.25);
    expect(targetLengthFitness(20).score(ctxWith({ chars: 16 }))).toBe(0.2);
    expect(targetLengthFitness(10, 'tokens').score(ctxWith({ tokens: 11 }))).toBe(0.5);
    expect(targetLengthFitness(3, 'nodes').score(ctxWith({ nodes: 12 }))).toBe(0.1);
  });
});
