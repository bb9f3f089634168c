import type { TokenUsage } from '../types.js';

/** What an OpenAI target has done so far, for its `stats()` (see OpenAITargetStats for each count). */
export class OpenAICounters {
  requests = 0;
  retries = 0;
  errors = 0;
  timeouts = 0;
  cacheHits = 0;
  answers = 0;
  failovers = 0;
  batchJobs = 0;
  readonly tokens = { prompt: 0, completion: 0, total: 0 };

  countTokens(usage: TokenUsage | undefined): void {
    if (usage === undefined) return;
    this.tokens.prompt += usage.prompt;
    this.tokens.completion += usage.completion;
    this.tokens.total += usage.total;
  }
}
