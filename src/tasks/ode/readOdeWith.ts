import { mkAdd, mkNeg, ZERO } from '../../expr/build.js';
import type { OwnRefusal } from '../../expr/parseError.js';
import { simplify } from '../../expr/simplify.js';
import type { Expr } from '../../expr/types.js';
import { linearForm, type LinearParts } from './linearForm.js';
import type { LinearOde } from './types.js';

export type OdeRead = { readonly ok: true; readonly ode: LinearOde } | { readonly ok: false; readonly error: string; readonly refusal?: OwnRefusal };

/** Reads one side of an equation into a tree in x, y, y' and y'' (the caller's reader, told to admit the unknowns). */
export type OdeSideReader = (
  side: string,
) => { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly error: string; readonly refusal?: OwnRefusal };

/**
 * A linear ODE of order 1 or 2 from its text, `lhs = rhs` (or an expression equal to 0), each side
 * read by `readSide`, brought to a2·y'' + a1·y' + a0·y = rhs; a non-linear one (`y*y'`, `y^2`,
 * `sin(y)`) or one without a derivative of y is refused, saying why.
 */
export function readOdeWith(text: string, readSide: OdeSideReader): OdeRead {
  const sides = text.split('=');
  if (sides.length > 2) return { ok: false, error: "an equation has one '=' (lhs = rhs)" };
  const read = (side: string, which: string): Expr | OdeRead => {
    const r = readSide(side);
    return r.ok
      ? r.expr
      : { ok: false, error: sides.length === 1 ? r.error : `${which}: ${r.error}`, ...(r.refusal !== undefined ? { refusal: r.refusal } : {}) };
  };
  const lhs = read(sides[0], 'left side');
  if ('ok' in lhs) return lhs;
  const rhs = sides.length === 2 ? read(sides[1], 'right side') : ZERO;
  if ('ok' in rhs) return rhs;
  const left = linearForm(lhs);
  if (!left.ok) return { ok: false, error: left.reason };
  const right = linearForm(rhs);
  if (!right.ok) return { ok: false, error: right.reason };
  return fromParts(left.parts, right.parts);
}

/** a·y-terms + rest (left) = b·y-terms + rest (right) as (a − b)·y-terms = right rest − left rest. */
function fromParts(left: LinearParts, right: LinearParts): OdeRead {
  const coefficient = (k: 0 | 1 | 2): Expr => {
    const a = left.coefficients[k];
    const b = right.coefficients[k];
    return simplify(mkAdd([a ?? ZERO, b === undefined ? ZERO : mkNeg(b)]));
  };
  const coefficients: [Expr, Expr, Expr] = [coefficient(0), coefficient(1), coefficient(2)];
  const isZero = (e: Expr) => e.type === 'num' && e.value === 0;
  const order = !isZero(coefficients[2]) ? 2 : !isZero(coefficients[1]) ? 1 : 0;
  if (order === 0) return { ok: false, error: "not a differential equation: y' or y'' is needed" };
  const rhs = simplify(mkAdd([right.rest ?? ZERO, left.rest === undefined ? ZERO : mkNeg(left.rest)]));
  return { ok: true, ode: { order, coefficients, rhs } };
}
