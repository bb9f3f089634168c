import type { Decimal } from 'decimal.js';

/**
 * What the values along one approach show: a finite limit with its error, divergence to +oo or
 * −oo, oscillation that does not die out (no limit), or nothing clear. `notReal` when f has no real
 * value on that side near the point: none at all, or none from where its real values end on the
 * way in (sqrt(259081*x^2 + x) left of 0 is real only up to x = -1/259081).
 */
export type SideLimit =
  | { readonly kind: 'finite'; readonly value: Decimal; readonly error: Decimal }
  | { readonly kind: 'infinite'; readonly sign: 1 | -1; readonly how: string }
  | { readonly kind: 'oscillating'; readonly how: string }
  | { readonly kind: 'undecided'; readonly why: string }
  | { readonly kind: 'notReal' };
