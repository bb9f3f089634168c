import type { ParameterValues } from '../expr/edit/instantiate.js';
import { describeParameterValues } from './describeParameterValues.js';
import type { Verdict, VerifyResult } from './types.js';

/** Worst first: a proven error outranks a pair that cannot be posed for some values, which outranks doubt. */
const SEVERITY: Readonly<Record<Verdict, number>> = { incorrect: 3, invalid: 2, unknown: 1, correct: 0 };

/**
 * The verdict of a pair over the instantiations tried, in the order tried (the last one `incorrect`
 * when the trying stopped there): the worst verdict wins, and its reason names the instantiation,
 * `incorrect for A = 2.37: …`, or every one for `correct`. The work is the sum of the tries'.
 */
export function summarizeInstantiations<R extends VerifyResult>(
  tried: ReadonlyArray<{ readonly result: R; readonly values: ParameterValues }>,
  started: number,
): R {
  let worst = tried[0];
  let work = 0;
  for (const t of tried) {
    work += t.result.work ?? 0;
    if (SEVERITY[t.result.verdict] > SEVERITY[worst.result.verdict]) worst = t;
  }
  const { result, values } = worst;
  const shown = tried.map((t) => describeParameterValues(t.values));
  const reason =
    result.verdict === 'correct'
      ? `correct for ${list(shown)}: ${result.reason}`
      : `${result.verdict} for ${describeParameterValues(values)}: ${result.reason}`;
  return { ...result, reason, ms: performance.now() - started, ...(work > 0 ? { work } : {}) };
}

function list(items: readonly string[]): string {
  if (items.length === 1) return items[0];
  return `each of ${items.map((s) => (s.includes(',') ? `(${s})` : s)).join('; ')}`;
}
