import type { Decimal } from 'decimal.js';
import { decimalContext } from './decimalContext.js';

/**
 * One tanh-sinh node at t ≥ 0 on (-1, 1): the abscissa is ±(1 − q), q = 1 − tanh(π/2·sinh t) kept
 * as its own number so that a node 10^-300 from the end keeps its digits; w is the weight
 * (π/2)·cosh t / cosh²(π/2·sinh t).
 */
export interface TanhSinhNode {
  readonly t: number;
  readonly q: Decimal;
  readonly w: Decimal;
}

/** The finest step is 2^-MAX_NODE_LEVEL: node indices are multiples of it. */
export const MAX_NODE_LEVEL = 12;

/** Past this t the complement q is below 10^-450: no integrand is sampled closer to an end. */
export const MAX_T = 6.5;

/** Digits computed beyond the working precision, so that q and w are right to their last digit. */
const GUARD_DIGITS = 10;

const caches = new Map<number, Map<number, TanhSinhNode>>();

/**
 * The node at t = index·2^-MAX_NODE_LEVEL at `digits` digits, computed once per process. Nodes do
 * not depend on the integrand, so their cost is not counted against a pair's work: every pair at
 * the same precision would pay the same, and a verdict must not depend on which pair came first.
 */
export function tanhSinhNode(digits: number, index: number): TanhSinhNode {
  let cache = caches.get(digits);
  if (cache === undefined) {
    cache = new Map();
    caches.set(digits, cache);
  }
  let node = cache.get(index);
  if (node === undefined) {
    const { D: G, HALF_PI } = decimalContext(digits + GUARD_DIGITS);
    const { D } = decimalContext(digits);
    const t = new G(index).div(2 ** MAX_NODE_LEVEL);
    const s = HALF_PI.times(t.sinh());
    // e^{2s}: q = 2/(e^{2s} + 1) and 1/cosh²(s) = 4/(e^{2s} + 2 + e^{-2s}) without cancellation.
    const e2s = s.times(2).exp();
    const q = new G(2).div(e2s.plus(1));
    const w = HALF_PI.times(t.cosh())
      .times(4)
      .div(e2s.plus(2).plus(new G(1).div(e2s)));
    node = { t: index / 2 ** MAX_NODE_LEVEL, q: new D(q).toSignificantDigits(digits), w: new D(w).toSignificantDigits(digits) };
    cache.set(index, node);
  }
  return node;
}
