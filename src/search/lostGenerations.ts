import type { Target } from '../targets/types.js';
import type { Evaluation } from './searchEngine.js';

/**
 * Generations in a row with nothing but transport errors after which a run stops as `target-broken`.
 * Two, not one: a single bad generation can be an endpoint's brief outage (its problems are asked
 * again); two in a row, each after the target's own retries, is a target that does not work. A
 * target that has given up for good (`Target.gaveUp`) stops the run after the generation at once.
 */
export const LOST_GENERATIONS_LIMIT = 2;

/**
 * Watches committed generations for a target that no longer works: the generations in a row whose
 * every problem was lost to a transport error, and the last such error, which is what a person
 * needs to see when the run stops.
 */
export class LostGenerations {
  private inARow = 0;
  private lastError = '';

  observe(evaluations: readonly Evaluation[]): void {
    const lost = evaluations.filter((e) => e.judgement.status === 'error');
    this.inARow = evaluations.length > 0 && lost.length === evaluations.length ? this.inARow + 1 : 0;
    if (lost.length > 0) this.lastError = lost[lost.length - 1].judgement.reason;
  }

  /**
   * Why the run should stop as `target-broken` now, or undefined while the target may still work:
   * the target's own reason when it has given up, else the last error and the target's diagnosis.
   */
  async trouble(target: Target): Promise<string | undefined> {
    const gaveUp = target.gaveUp?.();
    if (gaveUp !== undefined) return gaveUp;
    if (this.inARow < LOST_GENERATIONS_LIMIT) return undefined;
    const notes = [`${this.inARow} generations in a row came back with nothing but transport errors; the last: ${this.lastError}`];
    const diagnosis = await target.diagnose?.().catch(() => undefined);
    if (diagnosis !== undefined && diagnosis !== '') notes.push(diagnosis);
    return notes.join('. ');
  }
}
