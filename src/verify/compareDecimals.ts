import { Decimal } from 'decimal.js';
import { HIGH_PRECISION_DIGITS, RELIABLE_DIGITS, type DecimalEvaluator, type DecimalValue } from './evalDecimal.js';
import type { WorkMeter } from './workMeter.js';

/** The precisions of the high-precision re-check, in digits: the second tells whether the first was
 * stable, the third whether a result lost to cancellation shrinks with the precision (it vanishes). */
export const PRECISIONS = [HIGH_PRECISION_DIGITS, 2 * HIGH_PRECISION_DIGITS, 4 * HIGH_PRECISION_DIGITS] as const;
/** Digits of slack between rounding noise and the estimate 10^(magnitude - digits) of it. */
const NOISE_SLACK_DIGITS = 4;

/** A point decided in decimals, or why it was not: the budget's stops, or no decision. */
export type HighVerdict = { verdict: 'agree' | 'differ' | 'undecided' | 'exhausted' | 'timeout'; detail: string };

/**
 * Decide a point in decimal arithmetic (f and g evaluated at PRECISIONS[level], real only; `detail`
 * names them f and F'), at two precisions: the lower one's error is estimated by
 * its distance to the higher one, so catastrophic cancellation (which would make a single
 * evaluation's leftover digits look like a real difference) shows as instability and leaves the
 * point undecided. Where cancellation leaves no reliable digit at all, the point agrees only when the
 * difference stays within rounding noise at three precisions, its noise shrinking with each: f - F'
 * then vanishes (to 10^-120 of the largest value met), as an integrand identically zero does.
 */
export function compareDecimals(
  x: number | Decimal,
  f: (level: number) => DecimalEvaluator,
  g: (level: number) => DecimalEvaluator,
  meter: WorkMeter,
): HighVerdict {
  const undecided: HighVerdict = { verdict: 'undecided', detail: '' };
  const at = (level: number): [DecimalValue, DecimalValue] | HighVerdict => {
    const a = f(level)(x, meter);
    if (a === 'exhausted' || a === 'timeout') return { verdict: a, detail: '' };
    if (a === null) return undecided;
    const b = g(level)(x, meter);
    if (b === 'exhausted' || b === 'timeout') return { verdict: b, detail: '' };
    if (b === null) return undecided;
    return [a, b];
  };
  const shown = (a: Decimal, b: Decimal) =>
    `f = ${a.toSignificantDigits(12).toString()}, F' = ${b.toSignificantDigits(12).toString()}, f - F' = ${a.minus(b).toSignificantDigits(6).toString()}`;
  const first = at(0);
  if (!Array.isArray(first)) return first;
  const [f1, g1] = first;
  const reliable1 = Math.min(f1.reliableDigits, g1.reliableDigits);
  if (reliable1 < RELIABLE_DIGITS) {
    for (let level = 0; level < PRECISIONS.length; level++) {
      const pair = level === 0 ? first : at(level);
      if (!Array.isArray(pair)) return pair;
      if (!withinNoise(pair[0], pair[1], PRECISIONS[level])) return undecided;
    }
    return { verdict: 'agree', detail: 'vanishing' };
  }
  // Where few digits were lost, the lower precision already decides, at half the cost.
  {
    const d = f1.value.minus(g1.value).abs();
    const scale = Decimal.max(f1.value.abs(), g1.value.abs());
    if (scale.isZero()) return { verdict: 'agree', detail: '' };
    if (d.gt(scale.times(`1e-${reliable1 - 5}`))) return { verdict: 'differ', detail: shown(f1.value, g1.value) };
    if (reliable1 >= 22 && d.lte(scale.times('1e-20'))) return { verdict: 'agree', detail: '' };
  }
  const second = at(1);
  if (!Array.isArray(second)) return second;
  const [f2, g2] = second;
  const reliable = Math.min(f2.reliableDigits, g2.reliableDigits);
  if (reliable < RELIABLE_DIGITS) return undecided;
  const d1 = f1.value.minus(g1.value);
  const d2 = f2.value.minus(g2.value);
  const scale = Decimal.max(f2.value.abs(), g2.value.abs());
  const instability = d1.minus(d2).abs();
  const size = d2.abs();
  if (scale.isZero()) return { verdict: 'agree', detail: '' };
  if (size.lte(scale.times(1e-24)) && instability.lte(scale.times(1e-20))) return { verdict: 'agree', detail: '' };
  if (size.gt(scale.times(`1e-${Math.min(20, reliable - 5)}`)) && instability.lt(size.times(1e-3)))
    return { verdict: 'differ', detail: shown(f2.value, g2.value) };
  return undecided;
}

/** |f - F'| within the rounding noise of an evaluation at `digits` digits whose largest value was 10^magnitude. */
function withinNoise(f: DecimalValue, g: DecimalValue, digits: number): boolean {
  const noise = Math.max(f.magnitude, g.magnitude) - digits + NOISE_SLACK_DIGITS;
  const d = f.value.minus(g.value);
  return d.isZero() || d.e <= noise;
}
