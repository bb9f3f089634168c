import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { limitOutcome } from '../../../src/tasks/limit/limitOutcome.js';
import type { SideLimit } from '../../../src/tasks/limit/sideLimit.js';

const finite = (value: number, error = 1e-30): SideLimit => ({ kind: 'finite', value: new Decimal(value), error: new Decimal(error) });
const right = (limit: SideLimit) => ({ name: 'from the right', limit });
const left = (limit: SideLimit) => ({ name: 'from the left', limit });

describe('limitOutcome', () => {
  it('makes a two-sided limit of two sides that agree', () => {
    expect(limitOutcome([right(finite(0.5)), left(finite(0.5, 1e-25))])).toMatchObject({ kind: 'finite' });
    expect(limitOutcome([right({ kind: 'infinite', sign: 1, how: '' }), left({ kind: 'infinite', sign: 1, how: '' })])).toMatchObject({
      kind: 'infinite',
      sign: 1,
    });
  });

  it('makes DNE of one-sided limits that clearly differ, naming both', () => {
    const r = limitOutcome([right(finite(1)), left(finite(-1))]);
    expect(r.kind).toBe('dne');
    if (r.kind === 'dne') expect(r.how).toBe('one-sided limits differ: from the right f tends to 1, from the left it tends to -1');
    expect(limitOutcome([right({ kind: 'infinite', sign: 1, how: '' }), left({ kind: 'infinite', sign: -1, how: '' })]).kind).toBe('dne');
    expect(limitOutcome([right(finite(0)), left({ kind: 'infinite', sign: 1, how: '' })]).kind).toBe('dne');
  });

  it('is undecided when the sides neither clearly agree nor clearly differ', () => {
    expect(limitOutcome([right(finite(1, 1e-3)), left(finite(1.05, 1e-3))]).kind).toBe('undecided');
  });

  it('oscillation on either side makes DNE; an undecided side leaves it undecided', () => {
    expect(limitOutcome([right({ kind: 'oscillating', how: 'swings' }), left(finite(0))]).kind).toBe('dne');
    expect(limitOutcome([right({ kind: 'undecided', why: 'slow' }), left(finite(0))]).kind).toBe('undecided');
  });

  it('leaves out a side where f is not real, and says so', () => {
    const r = limitOutcome([right(finite(0)), left({ kind: 'notReal' })]);
    expect(r).toMatchObject({ kind: 'finite', note: '; f is not real from the left' });
    expect(limitOutcome([right({ kind: 'notReal' }), left({ kind: 'notReal' })]).kind).toBe('undecided');
  });
});
