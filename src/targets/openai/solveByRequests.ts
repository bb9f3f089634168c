import type { ProblemOutcome, TargetProblem } from '../types.js';
import type { CompletionResult } from './requestCompletions.js';
import type { ResponseCache } from './responseCache.js';
import type { SampleAnswers } from './sampleAnswers.js';
import type { ChatMessage, ServerQuirks } from './serverQuirks.js';

/** What `solveByRequests` needs of its target. */
export interface SolveByRequestsContext {
  readonly samples: SampleAnswers;
  readonly quirks: ServerQuirks;
  /** One chat-completions request for up to `n` samples (askCompletions). */
  readonly ask: (messages: ChatMessage[], n: number, signal: AbortSignal | undefined) => Promise<CompletionResult>;
}

/**
 * A problem's k samples over chat-completions requests: those the cache lacks are asked with `n` in
 * one request, and one request each where the server ignores or refuses `n`.
 */
export async function solveByRequests(
  problem: TargetProblem,
  k: number,
  signal: AbortSignal | undefined,
  store: ResponseCache | undefined,
  ctx: SolveByRequestsContext,
): Promise<ProblemOutcome> {
  const { samples, quirks, ask } = ctx;
  const slots = samples.lookUp(problem, k, store, false);
  let missing = slots.answers.flatMap((a, i) => (a === undefined ? [i] : []));
  if (missing.length > 1 && !quirks.nUnsupported) {
    const result = await ask(slots.messages, missing.length, signal);
    // A 400 to n > 1 ("n must be 1"): ask one sample at a time below. Fewer choices than asked
    // (the server ignores n): the rest one at a time as well.
    if (result.ok || result.kind !== 'rejected' || result.status !== 400) missing = samples.fill(slots, store, missing, result);
  }
  if (missing.length > 0) {
    await Promise.all(missing.map(async (i) => samples.fill(slots, store, [i], await ask(slots.messages, 1, signal))));
  }
  return samples.complete(problem, slots);
}
