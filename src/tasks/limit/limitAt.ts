import type { Decimal } from 'decimal.js';
import type { DecimalEvaluator } from '../../verify/evalDecimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { ApproachSampler, SCHEDULE_POINTS, type Approach } from './approachSampler.js';
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
export function limitAt(evaluate: DecimalEvaluator, D: typeof Decimal, approach: Approach, digits: number, meter: WorkMeter, points?: number): LimitAtResult | 'exhausted' | 'timeout' {
  // Half the working digits must survive cancellation near the point for a value to be used.
  const sampler = new ApproachSampler(evaluate, D, approach, Math.floor(digits / 2), meter);
  const looks = points === undefined ? LOOKS : [points];
  let limit: SideLimit = { kind: 'notReal' };
  let count = 0;
  for (const look of looks) {
    const samples = sampler.extend(look);
    if (samples === 'exhausted' || samples === 'timeout') return samples;
    count = look;
    limit = classifyApproach(samples);
    if (!sampler.open || decisive(limit, sampler.open ? look : SCHEDULE_POINTS, digits)) break;
  }
  return { limit, points: count };
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
