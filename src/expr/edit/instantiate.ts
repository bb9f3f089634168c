import type { ParameterName } from '../parameters.js';
import type { Expr } from '../types.js';
import { replaceSymbols } from './replaceSymbols.js';

/** A number for each parameter (or arbitrary constant) to put in its place. */
export type ParameterValues = Readonly<Partial<Record<ParameterName, number>>>;

/**
 * e with every parameter that has a value in `values` replaced by that number (a negative one as
 * the negation of its magnitude, as the parser reads `-2.5`); parameters without a value stay.
 * Subtrees without a parameter are shared, not copied, so a tape compiles them as before.
 */
export function instantiate(e: Expr, values: ParameterValues): Expr {
  return replaceSymbols(e, (symbol) => {
    const v = Object.hasOwn(values, symbol.name) ? values[symbol.name as ParameterName] : undefined;
    if (v === undefined) return undefined;
    if (!Number.isFinite(v)) throw new RangeError(`${symbol.name} = ${v}: a parameter's value must be a finite number`);
    return v < 0 ? { type: 'neg', args: [{ type: 'num', value: -v }] } : { type: 'num', value: v };
  });
}
