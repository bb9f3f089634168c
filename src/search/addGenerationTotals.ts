import type { GenerationRecord, RunTotals } from '../run/runSchema.js';
import { round6 } from './roundFigures.js';
import type { Spent } from './spendingBudget.js';

/**
 * The run's totals after one more committed generation. Calls, tokens and cost are the budget's
 * running figures (`spent`), not sums of the rows: they include what no row counts (calls replayed
 * from a journal; the tokens and cost of each session's canaries). The call budget does not count
 * the canaries (`budgetSpent`): they are added to its figure here.
 */
export function addGenerationTotals(totals: RunTotals, candidates: number, row: GenerationRecord, wallSeconds: number, spent: Spent): RunTotals {
  return {
    candidates: totals.candidates + candidates,
    asked: totals.asked + row.asked,
    evaluated: totals.evaluated + row.evaluated,
    failures: totals.failures + row.failures,
    errors: totals.errors + row.errors,
    seconds: {
      target: totals.seconds.target + row.seconds.target,
      verify: totals.seconds.verify + row.seconds.verify,
      engine: totals.seconds.engine + row.seconds.engine,
      wall: totals.seconds.wall + wallSeconds,
    },
    target_calls: spent.calls + (totals.startup_calls ?? 0),
    ...(totals.startup_calls !== undefined ? { startup_calls: totals.startup_calls } : {}),
    proven: (totals.proven ?? 0) + row.proven,
    tokens: { input: spent.input, output: spent.output },
    cost: round6(spent.cost),
  };
}
