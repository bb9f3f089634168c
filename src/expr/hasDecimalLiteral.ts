import type { Expr } from './types.js';

/** Whether a tree is written with a non-integer literal (0.5, 1e-3): a decimal answer, held to a tolerance rather than exactness. */
export function hasDecimalLiteral(e: Expr): boolean {
  if (e.type === 'num') return !Number.isInteger(e.value);
  if (e.type === 'sym') return false;
  return e.args.some(hasDecimalLiteral);
}
