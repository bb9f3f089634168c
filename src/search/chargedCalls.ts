import type { RunTotals } from '../run/runSchema.js';

/**
 * The calls `--max-target-calls` counts: every call but the canary checks that sessions begin
 * with. A run killed and resumed makes one such check more for each resume; were they charged,
 * its last generation would get fewer calls than the same run never killed, and archive other
 * failures. (Tokens and cost are money: their budgets count every call.)
 */
export function chargedCalls(totals: RunTotals): number {
  return Math.max(0, (totals.target_calls ?? 0) - (totals.startup_calls ?? 0));
}
