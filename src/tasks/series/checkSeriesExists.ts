import type { Expr } from '../../expr/types.js';
import { toInfix } from '../../expr/toInfix.js';
import { clip } from '../../util/clip.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { expandPair } from './expandPair.js';
import { num } from '../../expr/types.js';

/** Work a check may do (a few milliseconds): the same candidate gets the same answer on any machine. */
export const SERIES_CHECK_WORK = 5_000_000;

/**
 * The constraint of the `series` task: f must have a Taylor expansion at the point that sagga can
 * compute to the order (log(x) at 0 has none; a function without a high-precision evaluation cannot
 * be checked), found by expanding it there at 20 digits within a fixed work budget.
 */
export function checkSeriesExists(f: Expr, point: Expr, order: number, work = SERIES_CHECK_WORK): { ok: true } | { ok: false; reason: string } {
  const meter: WorkMeter = { left: work, deadline: Infinity };
  const r = expandPair(f, point, order, num(0), 0, 20, meter);
  if (r.ok) return meter.left < 0 ? { ok: false, reason: `${clip(toInfix(f), 60)} could not be expanded within the work budget of ${work}` } : { ok: true };
  const at = `x = ${clip(toInfix(point), 30)}`;
  if (r.refusal.kind === 'singular') return { ok: false, reason: `${clip(toInfix(f), 60)} has no Taylor expansion at ${at}` };
  return { ok: false, reason: `${clip(toInfix(f), 60)} cannot be expanded at ${at}: ${r.refusal.message}` };
}
