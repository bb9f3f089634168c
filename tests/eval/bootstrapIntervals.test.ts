import { describe, expect, test } from 'vitest';
import { bootstrapIntervals } from '../../src/eval/bootstrapIntervals.js';
import { createRng } from '../../src/util/rng.js';

describe('bootstrap intervals', () => {
  test('cover the true rate at about the nominal 95 % in a seeded simulation', () => {
    // 400 benchmarks of 80 problems, each solved with probability 0.3; a 95 % interval from each.
    const trials = 400;
    const problems = 80;
    const rate = 0.3;
    const rng = createRng('coverage');
    let covered = 0;
    let width = 0;
    for (let t = 0; t < trials; t++) {
      const data = rng.fork(`data ${t}`);
      const column = Array.from({ length: problems }, () => (data.next() < rate ? 1 : 0));
      const [ci] = bootstrapIntervals([column], rng.fork(`boot ${t}`), { resamples: 400 });
      if (ci![0] <= rate && rate <= ci![1]) covered++;
      width += ci![1] - ci![0];
    }
    const coverage = covered / trials;
    // Binomial noise at 400 trials is ±1.1 % per standard deviation; the percentile bootstrap runs a
    // little under nominal at this size.
    expect(coverage).toBeGreaterThan(0.9);
    expect(coverage).toBeLessThan(0.985);
    // The intervals are about ±1.96·sqrt(p(1−p)/n) wide, not degenerate.
    const expectedWidth = 2 * 1.96 * Math.sqrt((rate * (1 - rate)) / problems);
    expect(width / trials).toBeGreaterThan(0.8 * expectedWidth);
    expect(width / trials).toBeLessThan(1.2 * expectedWidth);
  });

  test('are paired across columns, reproducible from the seed, and different under another seed', () => {
    const a = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1];
    const b = a.map((v) => 1 - v);
    const [ia, ib] = bootstrapIntervals([a, b], createRng('s'));
    // Every resample of b is 1 − the same resample of a, so the intervals mirror each other.
    expect(ib![0]).toBeCloseTo(1 - ia![1], 12);
    expect(ib![1]).toBeCloseTo(1 - ia![0], 12);
    expect(bootstrapIntervals([a], createRng('s'))).toEqual([ia]);
    expect(bootstrapIntervals([a], createRng('other'))).not.toEqual([ia]);
  });

  test('are a point for a constant column and absent for no problems', () => {
    expect(bootstrapIntervals([[0.25, 0.25, 0.25]], createRng('s'))).toEqual([[0.25, 0.25]]);
    expect(bootstrapIntervals([[]], createRng('s'))).toEqual([null]);
  });
});
