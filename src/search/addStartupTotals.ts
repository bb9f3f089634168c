import type { RunTotals } from '../run/runSchema.js';
import { round6 } from './roundFigures.js';
import type { Spent } from './spendingBudget.js';

/** The start-up calls (canaries) of a session added to the totals: counted like any call, in no generation. */
export function addStartupTotals(totals: RunTotals, startup: Spent): RunTotals {
  return {
    ...totals,
    target_calls: (totals.target_calls ?? 0) + startup.calls,
    startup_calls: (totals.startup_calls ?? 0) + startup.calls,
    tokens: { input: (totals.tokens?.input ?? 0) + startup.input, output: (totals.tokens?.output ?? 0) + startup.output },
    cost: round6((totals.cost ?? 0) + startup.cost),
  };
}
