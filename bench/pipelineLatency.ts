import { createHash } from 'node:crypto';

/** One request in 32 (by a hash of its prompt, so the same problem is always slow) takes 30·L; the rest L. */
export function pipelineLatencyMs(prompt: string, latencyMs: number): number {
  return createHash('sha256').update(prompt).digest()[0] % 32 === 0 ? 30 * latencyMs : latencyMs;
}

/**
 * The time a dispatcher with `slots` slots takes for jobs of these durations, taken in this order,
 * when it never leaves a slot idle while a job waits: each job goes to the slot that frees first.
 */
export function greedyMakespan(durations: readonly number[], slots: number): number {
  const free = new Array<number>(Math.max(1, slots)).fill(0);
  for (const d of durations) {
    let i = 0;
    for (let j = 1; j < free.length; j++) if (free[j] < free[i]) i = j;
    free[i] += d;
  }
  return Math.max(0, ...free);
}
