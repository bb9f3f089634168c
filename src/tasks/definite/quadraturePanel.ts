import type { Decimal } from 'decimal.js';
import type { TanhSinhNode } from './tanhSinhNode.js';

/**
 * A piece of the interval that one tanh-sinh rule covers: a finite [a, b], a tail [a, ∞) or a tail
 * (−∞, b]. A tail is mapped onto (0, 1) by x = a + (1 − u)/u, so that ∫ₐ^∞ f dx = ∫₀¹ f(x)/u² du:
 * a tail decaying like x^-p becomes an end behaving like u^(p-2), which tanh-sinh integrates for
 * any p > 1, and an exponential tail vanishes at u = 0 faster than any power.
 */
export type QuadraturePanel =
  | { readonly kind: 'finite'; readonly a: Decimal; readonly b: Decimal }
  | { readonly kind: 'right'; readonly a: Decimal }
  | { readonly kind: 'left'; readonly b: Decimal };

/** Where a node falls on a panel and its weight there (dx per dt, without the step). */
export interface PanelPoint {
  readonly x: Decimal;
  readonly weight: Decimal;
  /** The point is at an infinite end's side of the panel (x grows without bound as t grows). */
  readonly towardInfinity: boolean;
}

/**
 * The point of `node` on `panel`, on the side `side` (+1: toward b or toward the finite end of a
 * tail, −1: toward a or toward infinity), or `endpoint` when x rounds onto a finite end: no node
 * further out can be evaluated at this precision. Each x is computed from the end it is near, so
 * that a node 10^-300 from 0 is exactly that.
 */
export function panelPoint(panel: QuadraturePanel, node: TanhSinhNode, side: 1 | -1): PanelPoint | 'endpoint' {
  const { q, w } = node;
  switch (panel.kind) {
    case 'finite': {
      const d = panel.b.minus(panel.a).div(2);
      const end = side === 1 ? panel.b : panel.a;
      const x = side === 1 ? end.minus(d.times(q)) : end.plus(d.times(q));
      if (x.eq(end)) return 'endpoint';
      return { x, weight: d.times(w), towardInfinity: false };
    }
    case 'right':
    case 'left': {
      // u = (1 + y)/2 with y = ±(1 − q): near the finite end u = 1 − q/2, toward infinity u = q/2.
      const half = q.div(2);
      const u = side === 1 ? half.neg().plus(1) : half;
      const offset = side === 1 ? half.div(u) : u.neg().plus(1).div(u);
      const towardInfinity = side === -1;
      const x = panel.kind === 'right' ? panel.a.plus(offset) : panel.b.minus(offset);
      const end = panel.kind === 'right' ? panel.a : panel.b;
      if (!towardInfinity && x.eq(end)) return 'endpoint';
      return { x, weight: w.div(u.times(u).times(2)), towardInfinity };
    }
  }
}
