import { describe, expect, it } from 'vitest';
import type { GenerationRecord, RunTotals } from '../../src/run/runSchema.js';
import { addGenerationTotals } from '../../src/search/addGenerationTotals.js';

const before: RunTotals = {
  candidates: 100,
  asked: 80,
  evaluated: 70,
  failures: 9,
  errors: 2,
  seconds: { target: 10, verify: 1, engine: 0.5, wall: 12 },
  target_calls: 90,
  startup_calls: 5,
  proven: 6,
  tokens: { input: 1000, output: 500 },
  cost: 0.01,
};

// Only what the totals read of a generation's line.
const row = { asked: 8, evaluated: 7, failures: 2, errors: 1, proven: 1, seconds: { target: 2, verify: 0.25, engine: 0.125 } } as GenerationRecord;

describe('addGenerationTotals', () => {
  it("adds the generation's counts and seconds, and takes calls (with the canary checks the call budget does not count), tokens and cost from what the budget has spent", () => {
    const after = addGenerationTotals(before, 12, row, 3, { calls: 103, input: 1200, output: 560, cost: 0.0123456789 });
    expect(after).toEqual({
      candidates: 112,
      asked: 88,
      evaluated: 77,
      failures: 11,
      errors: 3,
      seconds: { target: 12, verify: 1.25, engine: 0.625, wall: 15 },
      target_calls: 108,
      startup_calls: 5,
      proven: 7,
      tokens: { input: 1200, output: 560 },
      cost: 0.012346,
    });
  });

  it('counts proven failures from zero in a run made before they were counted, and records no start-up calls it never had', () => {
    const { proven: _proven, startup_calls: _startup, ...older } = before;
    const after = addGenerationTotals(older, 12, row, 3, { calls: 98, input: 0, output: 0, cost: 0 });
    expect(after.proven).toBe(1);
    expect(after.target_calls).toBe(98);
    expect('startup_calls' in after).toBe(false);
  });
});
