import { describe, expect, it } from 'vitest';
import type { RunTotals } from '../../src/run/runSchema.js';
import { addStartupTotals } from '../../src/search/addStartupTotals.js';

const fresh: RunTotals = { candidates: 0, asked: 0, evaluated: 0, failures: 0, errors: 0, seconds: { target: 0, verify: 0, engine: 0, wall: 0 } };

describe('addStartupTotals', () => {
  it("counts a session's canaries as target calls and as start-up calls, with their tokens and cost, and touches nothing else", () => {
    const once = addStartupTotals(fresh, { calls: 5, input: 50, output: 20, cost: 0.0000004 });
    expect(once).toEqual({ ...fresh, target_calls: 5, startup_calls: 5, tokens: { input: 50, output: 20 }, cost: 0 });
    // A resume checks the target again: its canaries add to the first session's.
    const twice = addStartupTotals({ ...once, target_calls: 105, cost: 0.25 }, { calls: 5, input: 50, output: 20, cost: 0.0000006 });
    expect(twice.target_calls).toBe(110);
    expect(twice.startup_calls).toBe(10);
    expect(twice.tokens).toEqual({ input: 100, output: 40 });
    expect(twice.cost).toBe(0.250001);
  });
});
