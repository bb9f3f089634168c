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
  /** How far the values went: the last x towards an infinity, 1/h from a finite point (0 for none). */
  readonly reach: number;
}

/**
 * The limit along one approach at `digits` digits. Sampling stops at the first look that decides
 * (a limit extrapolated to half the working digits, a divergence, a lasting oscillation) or when
 * the sequence ends; `points` given, exactly that many schedule points are sampled and looked at
 * once, so a second precision sees the same points as the first.
 *
 * A divergence decides only once the values have gone past `past` (in `reach`'s units), where the
 * problem's numbers stop shaping f: (3x² + 1)/(1737248 − x) grows positive until x = 1737248 and
 * tends to −oo beyond it, and 1/f extrapolates to 0 all along, so only the sign tells them apart.
 * A divergence never followed that far is undecided.
 */
export function limitAt(
  evaluators: ProblemEvaluators,
  D: typeof Decimal,
  approach: Approach,
  digits: number,
  meter: WorkMeter,
  { points, past = 1 }: { readonly points?: number; readonly past?: number } = {},
): LimitAtResult | 'exhausted' | 'timeout' {
  // Half the working digits must survive cancellation near the point for a value to be used.
  const sampler = new ApproachSampler(evaluators, D, approach, Math.floor(digits / 2), meter);
  const looks = points === undefined ? LOOKS : [points];
  let limit: SideLimit = { kind: 'notReal' };
  let count = 0;
  let reach = 0;
  for (const look of looks) {
    const samples = sampler.extend(look);
    if (samples === 'exhausted' || samples === 'timeout') return samples;
    count = look;
    const last = samples.steps[samples.steps.length - 1];
    reach = last === undefined ? 0 : 1 / last.toNumber();
    meter.left -= classificationUnits(samples.values.length, digits);
    if (meter.left < 0) return 'exhausted';
    limit = classifyApproach(samples);
    if (!sampler.open || ((reach >= past || limit.kind !== 'infinite') && decisive(limit, sampler.open ? look : SCHEDULE_POINTS, digits))) break;
  }
  if (limit.kind === 'infinite' && reach < past) {
    const [went, needed] =
      approach.kind === 'infinite'
        ? [`out to |x| = ${reach.toExponential(2)}`, past.toExponential(2)]
        : [`in to ${(1 / reach).toExponential(2)} from the point`, (1 / past).toExponential(2)];
    limit = {
      kind: 'undecided',
      why: `f diverges to ${limit.sign > 0 ? 'oo' : '-oo'} as far as it could be followed, ${went}, short of ${needed}, where the problem's numbers may still turn it`,
    };
  }
  return { limit, points: count, reach };
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
