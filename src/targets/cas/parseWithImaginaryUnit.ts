import type { FnName } from '../../expr/functions.js';
import type { Limits } from '../../expr/limits.js';
import { tryParseExpr } from '../../expr/parse.js';
import { ParseError } from '../../expr/parseError.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import type { Expr, Num, Sym } from '../../expr/types.js';

/** The imaginary unit, as a leaf of a ComplexExpr. */
export interface ImaginaryUnit {
  readonly type: 'i';
}

/**
 * An expression tree like `Expr` (src/expr/types.ts) with one more leaf, the imaginary unit. It only
 * exists between reading a CAS answer and finding its real form (realFromComplex): nothing outside
 * src/targets/cas ever sees one.
 */
export type ComplexExpr =
  | ImaginaryUnit
  | Num
  | Sym
  | { readonly type: 'add' | 'mul' | 'div' | 'pow' | 'neg'; readonly args: readonly ComplexExpr[] }
  | { readonly type: 'fn'; readonly name: FnName; readonly args: readonly ComplexExpr[] };

export type ComplexParse = { readonly ok: true; readonly expr: ComplexExpr } | { readonly ok: false; readonly error: ParseError };

/**
 * Parse a CAS answer that uses the imaginary unit with the whitelisting parser, which knows no `i`.
 * `render(unit)` writes the answer with `unit` in every place of the imaginary unit. The text is
 * parsed twice, with the unit written as two different literals; the parser builds trees of the same
 * shape, and the leaves where the two trees differ are exactly the places of the unit. A number the
 * answer itself contains is the same in both trees, whatever its value, so no literal can pose as
 * the imaginary unit (no "magic number" to smuggle in).
 */
export function parseWithImaginaryUnit(render: (unit: string) => string, limits?: Partial<Limits>, options?: ReadOptions): ComplexParse {
  const first = tryParseExpr(render('(2)'), limits, options);
  if (!first.ok) return first;
  const second = tryParseExpr(render('(3)'), limits, options);
  if (!second.ok) return second;
  const merged = merge(first.expr, second.expr);
  if (merged === undefined) {
    // Cannot happen while the parser builds trees from tokens alone (it folds no constants); refuse
    // rather than guess if it ever does.
    return { ok: false, error: new ParseError('the imaginary unit could not be located in the answer', 0, render('i')) };
  }
  return { ok: true, expr: merged };
}

function merge(a: Expr, b: Expr): ComplexExpr | undefined {
  if (a.type === 'num' && b.type === 'num') return a.value === b.value ? a : a.value === 2 && b.value === 3 ? { type: 'i' } : undefined;
  if (a.type === 'sym' || b.type === 'sym' || a.type === 'num' || b.type === 'num') {
    return a.type === 'sym' && b.type === 'sym' && a.name === b.name ? a : undefined;
  }
  if (a.type !== b.type || a.args.length !== b.args.length) return undefined;
  if (a.type === 'fn' && (b.type !== 'fn' || a.name !== b.name)) return undefined;
  const args: ComplexExpr[] = [];
  for (let k = 0; k < a.args.length; k++) {
    const m = merge(a.args[k], b.args[k]);
    if (m === undefined) return undefined;
    args.push(m);
  }
  return a.type === 'fn' ? { type: 'fn', name: a.name, args } : { type: a.type, args };
}
