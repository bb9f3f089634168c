import { describe, expect, it } from 'vitest';
import { generationSteps } from '../../testkit/generationSteps.js';

describe('generationSteps', () => {
  it('pairs each seed with itself: mean change, its standard error, and the seeds that fell', () => {
    const steps = generationSteps([
      [0.3, 0.2, 0.25],
      [0.4, 0.1, 0.05],
      [0.2, 0.2, 0.15],
    ]);
    expect(steps.map((s) => s.generation)).toEqual([2, 3]);
    // Step 1→2: changes −0.1, −0.3, 0.
    expect(steps[0].seeds).toBe(3);
    expect(steps[0].mean).toBeCloseTo(-0.4 / 3, 12);
    const sd = Math.sqrt(((-0.1 + 0.4 / 3) ** 2 + (-0.3 + 0.4 / 3) ** 2 + (0.4 / 3) ** 2) / 2);
    expect(steps[0].standardError).toBeCloseTo(sd / Math.sqrt(3), 12);
    expect(steps[0].fell).toBe(2);
    // Step 2→3: +0.05, −0.05, −0.05.
    expect(steps[1].mean).toBeCloseTo(-0.05 / 3, 12);
    expect(steps[1].fell).toBe(2);
  });

  it('leaves out a seed without the figure in either generation of a step', () => {
    const steps = generationSteps([
      [0.3, null, 0.1],
      [0.4, 0.2, 0.3],
    ]);
    expect(steps[0]).toMatchObject({ generation: 2, seeds: 1, fell: 1 });
    expect(steps[0].mean).toBeCloseTo(-0.2, 12);
    expect(Number.isNaN(steps[0].standardError)).toBe(true);
    expect(steps[1]).toMatchObject({ generation: 3, seeds: 1, fell: 0 });
    expect(steps[1].mean).toBeCloseTo(0.1, 12);
  });

  it('has no step without two generations', () => {
    expect(generationSteps([[0.3], [0.2]])).toEqual([]);
    expect(generationSteps([])).toEqual([]);
  });
});
