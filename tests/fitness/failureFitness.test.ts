import { describe, expect, test } from 'vitest';
import { failureFitness } from '../../fitness/failureFitness.js';
import { ctxWith } from './helpers.js';

describe('failureFitness', () => {
  test('is 1 when no answer was correct (Fail@k) and 0 otherwise', () => {
    expect(failureFitness.score(ctxWith({}, { failed: true }))).toBe(1);
    expect(failureFitness.score(ctxWith({}, { failed: false }))).toBe(0);
    expect(failureFitness.name).toBe('failure');
  });
});
