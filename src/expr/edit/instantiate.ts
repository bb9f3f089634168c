import type { ParameterName } from '../parameters.js';
import { isLeaf, withArgs, type Expr } from '../types.js';

/** A number for each parameter (or arbitrary constant) to put in its place. */
export type ParameterValues = Readonly<Partial<Record<ParameterName, number>>>;

/**
 * e with every parameter that has a value in `values` replaced by that number (a negative one as
 * the negation of its magnitude, as the parser reads `-2.5`); parameters without a value stay.
 * Subtrees without a parameter are shared, not copied, so a tape compiles them as before.
 */
export function instantiate(e: Expr, values: ParameterValues): Expr {
  if (e.type === 'sym') {
    const v = Object.hasOwn(values, e.name) ? values[e.name as ParameterName] : undefined;
    if (v === undefined) return e;
    if (!Number.isFinite(v)) throw new RangeError(`${e.name} = ${v}: a parameter's value must be a finite number`);
    return v < 0 ? { type: 'neg', args: [{ type: 'num', value: -v }] } : { type: 'num', value: v };
  }
  if (isLeaf(e)) return e;
  let changed = false;
  const args = e.args.map((a) => {
    const b = instantiate(a, values);
    changed ||= b !== a;
    return b;
  });
  return changed ? withArgs(e, args) : e;
}
