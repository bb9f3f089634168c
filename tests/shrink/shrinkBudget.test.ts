import { describe, expect, it } from 'vitest';
import { shrinkBudget } from '../../src/shrink/shrinkBudget.js';

describe('shrinkBudget', () => {
  it('is the fixed budget for a small problem and grows with the nodes of a large one', () => {
    expect(shrinkBudget(5, 48, 6)).toBe(48);
    expect(shrinkBudget(8, 48, 6)).toBe(48);
    expect(shrinkBudget(9, 48, 6)).toBe(54);
    expect(shrinkBudget(30, 48, 6)).toBe(180);
  });

  it('is the fixed budget without calls per node, and 0 whenever shrinking is off', () => {
    expect(shrinkBudget(30, 48, 0)).toBe(48);
    expect(shrinkBudget(30, 0, 6)).toBe(0);
    expect(shrinkBudget(30, 48, -1)).toBe(48);
  });
});
