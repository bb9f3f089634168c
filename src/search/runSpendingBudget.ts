import type { RunTotals, SearchSettings } from '../run/runSchema.js';
import { budgetSpent } from './budgetSpent.js';
import { SpendingBudget } from './spendingBudget.js';

/** The run's budgets (`--max-target-calls`, `--max-tokens-total`, `--max-cost`) with what its totals have spent. */
export function runSpendingBudget(settings: SearchSettings, totals: RunTotals): SpendingBudget {
  return new SpendingBudget(
    { maxTargetCalls: settings.maxTargetCalls ?? null, maxTokensTotal: settings.maxTokensTotal ?? null, maxCost: settings.maxCost ?? null },
    budgetSpent(totals),
  );
}
