import type { EvalReport } from './evalTypes.js';

/** `--fail-under pass@1=0.8`: a metric of the whole set and the least value it may have. */
export interface Threshold {
  /** A key of the report's `metrics`: `pass@k`, `fail@k`, `PASS@N`, `ALL@N`. */
  readonly metric: string;
  /** A fraction in [0, 1]. */
  readonly value: number;
}

/** A threshold the report does not reach: its metric's value (null when no problem was measured). */
export interface ThresholdMiss extends Threshold {
  readonly actual: number | null;
}

/**
 * The thresholds whose metric, over the whole problem set, is below its value; a metric no
 * problem was measured for misses too (a gate passes only on evidence).
 */
export function missedThresholds(report: Pick<EvalReport, 'metrics'>, thresholds: readonly Threshold[]): ThresholdMiss[] {
  const missed: ThresholdMiss[] = [];
  for (const t of thresholds) {
    const actual = report.metrics[t.metric]?.value ?? null;
    if (actual === null || actual < t.value) missed.push({ ...t, actual });
  }
  return missed;
}
