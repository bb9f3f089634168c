import type { Decimal } from 'decimal.js';

/** The last two terms of one side's march at one level, by size. */
export interface SideTerms {
  readonly last: Decimal;
  readonly beforeLast: Decimal;
}

/**
 * What lies beyond a side's last node, in the integral over t: its last term over the rate at which
 * the terms were shrinking there (per unit of t, nodes being `step` apart). Terms of tanh-sinh shrink
 * ever faster outward, so the rate between the last two nodes understates the rate beyond and the
 * estimate is an upper bound. Terms that do not shrink at all give Infinity.
 */
export function tailBeyond(s: SideTerms, step: number): Decimal {
  if (s.last.isZero()) return s.last;
  if (s.beforeLast.isZero() || s.beforeLast.lte(s.last)) return s.last.div(0).abs();
  const rate = ((log10(s.beforeLast) - log10(s.last)) * Math.LN10) / step;
  return s.last.div(rate);
}

/** log10 of a positive decimal from its exponent and leading digits (a double's accuracy is plenty). */
function log10(v: Decimal): number {
  const [lead, next = 0] = v.d;
  return v.e + Math.log10(lead + next / 1e7) - Math.floor(Math.log10(lead));
}
