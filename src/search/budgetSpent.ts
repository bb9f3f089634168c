import type { RunTotals } from '../run/runSchema.js';
import type { Spent } from './spendingBudget.js';

/**
 * What the run's budgets have spent, from its totals: every call but the canary checks that
 * sessions begin with, and all tokens and cost. A run killed and resumed makes one such check more
 * for each resume; were they charged to the call budget, its last generation would get fewer calls
 * than the same run never killed, and archive other failures. (Tokens and cost are money: their
 * budgets count every call.)
 */
export function budgetSpent(totals: RunTotals): Spent {
  return {
    calls: Math.max(0, (totals.target_calls ?? 0) - (totals.startup_calls ?? 0)),
    input: totals.tokens?.input ?? 0,
    output: totals.tokens?.output ?? 0,
    cost: totals.cost ?? 0,
  };
}
