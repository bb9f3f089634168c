import type { Expr } from './types.js';

/**
 * Does the printed form of `e` start with a minus sign? True for negative literals, `neg`, and
 * products/quotients whose leftmost factor prints with a minus (`-2*x`, `-x/y`). The printers use
 * this to write `a - 2*x` instead of `a + -2*x`.
 */
export function hasLeadingMinus(e: Expr): boolean {
  switch (e.type) {
    case 'num':
      return e.value < 0;
    case 'neg':
      return true;
    case 'mul':
      return e.args.length > 0 && hasLeadingMinus(e.args[0]);
    case 'div':
      return hasLeadingMinus(e.args[0]);
    default:
      return false;
  }
}

/**
 * The same value with the leading minus removed (only meaningful when `hasLeadingMinus(e)`):
 * `-3` → `3`, `-a` → `a`, `-2*x` → `2*x`, `-x/y` → `x/y`.
 */
export function withoutLeadingMinus(e: Expr): Expr {
  switch (e.type) {
    case 'num':
      return e.value < 0 ? { type: 'num', value: -e.value } : e;
    case 'neg':
      return e.args[0];
    case 'mul': {
      if (e.args.length === 0 || !hasLeadingMinus(e.args[0])) return e;
      return { type: 'mul', args: [withoutLeadingMinus(e.args[0]), ...e.args.slice(1)] };
    }
    case 'div':
      return hasLeadingMinus(e.args[0]) ? { type: 'div', args: [withoutLeadingMinus(e.args[0]), e.args[1]] } : e;
    default:
      return e;
  }
}

/**
 * `-(a*b)` written with the sign on the first factor, `-(a/b)` on the numerator; both mean the same
 * number and read better (`-2*x`, `-x/y`). Other trees come back unchanged.
 */
export function negateIntoLeadingFactor(e: Expr & { type: 'mul' | 'div' }): Expr {
  if (e.type === 'mul') {
    const factors = flattenOperands(e);
    if (factors.length === 0) return e;
    const first = factors[0];
    const signed = hasLeadingMinus(first) ? withoutLeadingMinus(first) : { type: 'neg' as const, args: [first] as const };
    return { type: 'mul', args: [signed, ...factors.slice(1)] };
  }
  const top = e.args[0];
  const signed = hasLeadingMinus(top) ? withoutLeadingMinus(top) : { type: 'neg' as const, args: [top] as const };
  return { type: 'div', args: [signed, e.args[1]] };
}

/** Operands of an n-ary add or mul with nested nodes of the same kind spliced in. */
export function flattenOperands(e: Expr & { type: 'add' | 'mul' }): Expr[] {
  const out: Expr[] = [];
  const walk = (node: Expr): void => {
    if (node.type === e.type) for (const c of (node as typeof e).args) walk(c);
    else out.push(node);
  };
  for (const c of e.args) walk(c);
  return out;
}
