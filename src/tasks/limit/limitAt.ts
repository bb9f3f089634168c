import type { Decimal } from 'decimal.js';
import { DECIMAL_OP_UNITS, type WorkMeter } from '../../verify/workMeter.js';
import { ApproachSampler, SCHEDULE_POINTS, type Approach, type ProblemEvaluators } from './approachSampler.js';
import { classifyApproach } from './classifyApproach.js';
import type { SideLimit } from './sideLimit.js';

/** Points sampled before each look at the values; the schedule's end is the last look. */
const LOOKS = [24, 40, 60, SCHEDULE_POINTS];
/** Oscillation is believed only over the whole schedule (or all of f's sequence, when it ends sooner). */
const OSCILLATION_FROM = SCHEDULE_POINTS;

/** The limit along one approach at one precision, with how many schedule points it took. */
export interface LimitAtResult {
  readonly limit: SideLimit;
  readonly points: number;
}

/**
 * The limit along one approach at `digits` digits. Sampling stops at the first look that decides
 * (a limit extrapolated to half the working digits, a divergence, a lasting oscillation) or when
 * the sequence ends; `points` given, exactly that many schedule points are sampled and looked at
 * once, so a second precision sees the same points as the first.
 */
export function limitAt(evaluators: ProblemEvaluators, D: typeof Decimal, approach: Approach, digits: number, meter: WorkMeter, points?: number): LimitAtResult | 'exhausted' | 'timeout' {
  // Half the working digits must survive cancellation near the point for a value to be used.
  const sampler = new ApproachSampler(evaluators, D, approach, Math.floor(digits / 2), meter);
  const looks = points === undefined ? LOOKS : [points];
  let limit: SideLimit = { kind: 'notReal' };
  let count = 0;
  for (const look of looks) {
    const samples = sampler.extend(look);
    if (samples === 'exhausted' || samples === 'timeout') return samples;
    count = look;
    meter.left -= classificationUnits(samples.values.length, digits);
    if (meter.left < 0) return 'exhausted';
    limit = classifyApproach(samples);
    if (!sampler.open || decisive(limit, sampler.open ? look : SCHEDULE_POINTS, digits)) break;
  }
  return { limit, points: count };
}

/**
 * The work of one look at n values, paid before it is taken: Neville's tableau over the last 16
 * values and Wynn's table (16 columns) over the last 24 of each subsequence, for f and again for 1/f
 * and f's steps when it may diverge; each entry a few decimal operations.
 */
function classificationUnits(n: number, digits: number): number {
  const k = Math.min(n, 16);
  const m = Math.min(24, Math.ceil(n / 2));
  const operations = 2.5 * (3 * k * k + 96 * m);
  return operations * DECIMAL_OP_UNITS * (digits / 32);
}

function decisive(limit: SideLimit, look: number, digits: number): boolean {
  switch (limit.kind) {
    case 'finite': {
      const size = limit.value.abs();
      return limit.error.lte(size.isZero() ? `1e-${digits / 2}` : size.times(`1e-${digits / 2}`));
    }
    case 'infinite':
      return true;
    case 'oscillating':
      return look >= OSCILLATION_FROM;
    default:
      return false;
  }
}
