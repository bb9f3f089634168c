import type { Expr } from './types.js';

/**
 * Whether a tree holds an integer literal beyond 2^53, which the double that stores it may have
 * rounded (`76531546925518980049679232` is kept as 76531546925518980000000000): such a literal is
 * known to the 15 significant digits a double keeps, not exactly.
 */
export function hasRoundedLiteral(e: Expr): boolean {
  if (e.type === 'num') return Number.isInteger(e.value) && !Number.isSafeInteger(e.value);
  if (e.type === 'sym') return false;
  return e.args.some(hasRoundedLiteral);
}
