import { hasLeadingMinus, withoutLeadingMinus } from '../../expr/leadingMinus.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';

/** How a reason names the power (x − a)^k whose coefficient it speaks of: `x^4`, `(x - 1)^2`, `(x + pi/2)`, `1`. */
export function coefficientName(point: Expr, k: number): string {
  if (k === 0) return '1';
  const power = k === 1 ? '' : `^${k}`;
  if (point.type === 'num' && point.value === 0) return `x${power}`;
  const shown = hasLeadingMinus(point) ? `x + ${clip(toInfix(withoutLeadingMinus(point)), 40)}` : `x - ${clip(toInfix(point), 40)}`;
  return `(${shown})${power}`;
}
