import { describe, expect, it } from 'vitest';
import type { RunTotals, SearchSettings } from '../../src/run/runSchema.js';
import { runSpendingBudget } from '../../src/search/runSpendingBudget.js';

const settings = (limits: Partial<SearchSettings>) => limits as SearchSettings;
const totals = (t: Partial<RunTotals>) => t as RunTotals;

describe('runSpendingBudget', () => {
  it("charges the call budget every call but the sessions' canary checks", () => {
    const spent = totals({ target_calls: 106, startup_calls: 6 });
    expect(runSpendingBudget(settings({ maxTargetCalls: 110 }), spent).allowsCall(10)).toBe(true);
    expect(runSpendingBudget(settings({ maxTargetCalls: 109 }), spent).allowsCall(10)).toBe(false);
  });

  it('charges tokens and cost in full, and has no limit where the settings give none', () => {
    const spent = totals({ target_calls: 6, startup_calls: 6, tokens: { input: 40, output: 60 }, cost: 0.5 });
    const tokens = runSpendingBudget(settings({ maxTokensTotal: 100 }), spent);
    expect(tokens.allowsCall()).toBe(false);
    expect(tokens.exhaustedBy()).toBe('max-tokens-total');
    const cost = runSpendingBudget(settings({ maxCost: 0.5 }), spent);
    expect(cost.allowsCall()).toBe(false);
    expect(cost.exhaustedBy()).toBe('max-cost');
    expect(runSpendingBudget(settings({}), totals({ target_calls: 1e9 })).allowsCall(1e9)).toBe(true);
  });
});
