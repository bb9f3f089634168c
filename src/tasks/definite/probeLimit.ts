import type { Decimal } from 'decimal.js';
import type { Tape } from '../../verify/tape.js';
import { createDecimalEvaluator } from '../../verify/evalDecimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { decimalContext } from './decimalContext.js';

/** How f behaves as x approaches a point from one side. */
export type LimitProbe =
  | { readonly kind: 'finite'; readonly value: Decimal }
  | { readonly kind: 'infinite' | 'no-limit' | 'not-real' | 'unknown' | 'exhausted' };

/** Digits of the probe: enough that x0 ± 10^-32 keeps its offset. */
const PROBE_DIGITS = 50;
/** Distances from the point, relative to max(1, |x0|): each the square of the one before. */
const OFFSETS = [-4, -8, -16, -32];
/** The last two values agree to this (relative to max(1, |value|)): a limit. */
const SETTLED = 1e-6;
/** Growth past this factor over the probe: not finite. */
const GROWTH = 1e3;

/**
 * Whether f(x) tends to a finite value as x → x0 from the side `side` (+1: from above), from f at
 * x0 ± 10^-4, 10^-8, 10^-16, 10^-32 (times max(1, |x0|)) in decimals: `finite` when the last two
 * agree to SETTLED or the values shrink all the way in (bounded, like x^0.01), `infinite` when they
 * grow by more than GROWTH or keep moving apart, growing, by ever larger steps (log x), `no-limit`
 * when they do neither (sin(1/x)), `not-real` when decimals give f no real value there (outside its
 * domain, or past what they evaluate). Each offset squares the previous one, so a removable
 * singularity (sin(x)/x, whose values approach 1 like x²) settles at once, while x^-(1/2) and log x
 * plainly do not.
 */
export function probeLimit(tape: Tape, x0: Decimal, side: 1 | -1, meter: WorkMeter): LimitProbe {
  const { D } = decimalContext(PROBE_DIGITS);
  const evaluate = createDecimalEvaluator(tape, PROBE_DIGITS);
  const scale = x0.abs().gt(1) ? new D(x0.abs()) : new D(1);
  const values: Decimal[] = [];
  for (const k of OFFSETS) {
    const x = new D(x0).plus(scale.times(new D(10).pow(k)).times(side));
    const r = evaluate(x, meter);
    if (r === 'exhausted' || r === 'timeout') return { kind: 'exhausted' };
    if (r === null) {
      // 1/(x - 1)^2 at 1 ± 10^-32 rounds to 1/0: what came before may already show it blow up.
      const sofar = values.length >= 2 ? classify(values, D) : undefined;
      return sofar?.kind === 'infinite' ? sofar : { kind: 'not-real' };
    }
    // A value without a reliable digit (0/0 rounding away at 10^-32) says nothing either way.
    if (r.reliableDigits < 6) return values.length >= 3 ? classify(values, D) : { kind: 'unknown' };
    values.push(r.value);
  }
  return classify(values, D);
}

function classify(values: readonly Decimal[], D: typeof Decimal): LimitProbe {
  const last = values[values.length - 1];
  const before = values[values.length - 2];
  const first = values[0];
  const size = (v: Decimal) => (v.abs().gt(1) ? v.abs() : new D(1));
  if (last.minus(before).abs().lte(size(last).times(SETTLED))) return { kind: 'finite', value: last };
  if (last.abs().gt(size(first).times(GROWTH))) return { kind: 'infinite' };
  // Shrinking all the way in (x^0.01 → 0 slowly): bounded, whatever the limit.
  if (values.every((v, i) => i === 0 || v.abs().lte(values[i - 1].abs()))) return { kind: 'finite', value: last };
  const steps = values.slice(1).map((v, i) => v.minus(values[i]).abs());
  const widening = steps.every((s, i) => i === 0 || s.gt(steps[i - 1]));
  const oneSigned = steps.length > 0 && values.slice(1).every((v, i) => v.minus(values[i]).isNegative() === values[1].minus(values[0]).isNegative());
  const growing = values.every((v, i) => i === 0 || v.abs().gt(values[i - 1].abs())) && last.abs().gt(size(first).times(1.5));
  return widening && oneSigned && growing ? { kind: 'infinite' } : { kind: 'no-limit' };
}
