import type { TokenUsage } from './types.js';

/** What a model's tokens cost: US dollars per million input (prompt) and output (completion) tokens. */
export interface TokenPrices {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
}

/**
 * US dollars for `usage` at `prices`. Linear in the counts, so the cost of a sum of usages is the
 * sum of their costs (a generation's cost is the sum over its answers).
 */
export function costOf(usage: Pick<TokenUsage, 'prompt' | 'completion'>, prices: TokenPrices): number {
  return (usage.prompt * prices.inputPerMillion + usage.completion * prices.outputPerMillion) / 1_000_000;
}
