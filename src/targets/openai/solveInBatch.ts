import type { ProblemOutcome, TargetProblem } from '../types.js';
import type { BatchSolver, PendingRequest } from './batchSolver.js';
import type { CompletionResult } from './requestCompletions.js';
import type { ResponseCache } from './responseCache.js';
import type { SampleAnswers } from './sampleAnswers.js';
import type { ServerQuirks } from './serverQuirks.js';

/** What `solveInBatch` needs of its target. */
export interface SolveInBatchContext {
  readonly solver: BatchSolver;
  readonly samples: SampleAnswers;
  readonly quirks: ServerQuirks;
}

/** The problems' k samples over the Batch API: every sample not in the cache is one request of a job, its cache key its custom id. */
export async function solveInBatch(
  problems: readonly TargetProblem[],
  k: number,
  signal: AbortSignal | undefined,
  store: ResponseCache | undefined,
  ctx: SolveInBatchContext,
): Promise<ProblemOutcome[]> {
  const { solver, samples, quirks } = ctx;
  const looked = problems.map((p) => samples.lookUp(p, k, store, true));
  const pending = new Map<string, PendingRequest>();
  for (const { messages, keys, answers } of looked) {
    answers.forEach((a, i) => {
      if (a === undefined && !pending.has(keys[i])) pending.set(keys[i], { customId: keys[i], body: () => quirks.bodyFor(messages, 1) });
    });
  }
  const results = pending.size === 0 ? new Map<string, CompletionResult>() : await solver.complete([...pending.values()], signal);
  const charged = new Set<string>();
  return problems.map((problem, p) => {
    const slots = looked[p];
    slots.answers.forEach((a, i) => {
      if (a !== undefined) return;
      const key = slots.keys[i];
      const result = results.get(key) ?? { ok: false, kind: 'error', error: 'the batch job returned no result for this request', latencyMs: 0 };
      // The same request asked twice in one call (the same problem twice) is paid once.
      samples.fill(slots, store, [i], result, !charged.has(key));
      charged.add(key);
    });
    return samples.complete(problem, slots);
  });
}
