import type { Rng } from '../util/rng.js';
import { addFractions, bigFraction, fractionToNumber, type BigFraction } from './bigFraction.js';
import { bootstrapIntervals, type BootstrapOptions } from './bootstrapIntervals.js';
import type { EvalMetrics, EvalProblemResult, MetricValue } from './evalTypes.js';
import { passAtK } from './passAtK.js';

/**
 * The metrics of a set of judged problems, each with a percentile bootstrap interval over the
 * problems (one paired resampling for all metrics, from `rng`):
 * - `pass@k`: the unbiased estimator from n answers (`passAtK`), averaged exactly;
 * - `fail@k`: the SAGGA paper's Fail@k, the share of problems whose first k answers all failed
 *   (verified wrong, declined, unreadable or timed out; a problem the verifier could not decide is
 *   not a failure);
 * - `PASS@N`: the share with at least one of the n answers verified correct;
 * - `ALL@N`: the share with all n answers verified correct.
 */
export function measureResults(results: readonly EvalProblemResult[], ks: readonly number[], rng: Rng, options: BootstrapOptions = {}): EvalMetrics {
  const names: string[] = [];
  const columns: number[][] = [];
  const exact: (BigFraction | null)[] = [];
  for (const k of ks) {
    const perProblem = results.map((r) => passAtK(r.n, r.correct, k));
    names.push(`pass@${k}`);
    columns.push(perProblem.map(fractionToNumber));
    exact.push(results.length === 0 ? null : mean(perProblem));
  }
  for (const k of ks) {
    names.push(`fail@${k}`);
    columns.push(results.map((r) => (r.status[String(k)] === 'fail' ? 1 : 0)));
    exact.push(null);
  }
  names.push('PASS@N', 'ALL@N');
  columns.push(
    results.map((r) => (r.correct > 0 ? 1 : 0)),
    results.map((r) => (r.correct === r.n ? 1 : 0)),
  );
  exact.push(null, null);
  const intervals = bootstrapIntervals(columns, rng, options);
  const metrics: Record<string, MetricValue> = {};
  names.forEach((name, i) => {
    const f = exact[i];
    const value = results.length === 0 ? null : f !== null ? fractionToNumber(f) : columns[i].reduce((s, v) => s + v, 0) / results.length;
    metrics[name] = { value, ci: intervals[i] };
  });
  return metrics;
}

function mean(values: readonly BigFraction[]): BigFraction {
  let sum = bigFraction(0n);
  for (const v of values) sum = addFractions(sum, v);
  return bigFraction(sum.p, sum.q * BigInt(values.length));
}
