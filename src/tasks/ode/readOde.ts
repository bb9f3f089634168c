import { resolveLimits, type Limits } from '../../expr/limits.js';
import type { ParameterName } from '../../expr/parameters.js';
import { tryParseExpr } from '../../expr/parse.js';
import { readOdeWith, type OdeRead } from './readOdeWith.js';

export type { OdeRead } from './readOdeWith.js';

/**
 * A linear ODE of order 1 or 2 from its text, `lhs = rhs` (or an expression equal to 0), each side
 * read by the whitelisting infix parser with y, y', y'' (also y(x), y'(x), SymPy's
 * `Derivative(y(x), (x, 2))` and Maxima's `'diff(y, x, 2)`) as the unknown and the given parameters
 * allowed: `y'' + 4*y = sin(3*x)`, `y' = x*y + exp(x)`, `x^2*y'' + x*y' - y = 0`. The equation is
 * brought to a2·y'' + a1·y' + a0·y = rhs; a non-linear one (`y*y'`, `y^2`, `sin(y)`) or one without
 * a derivative of y is refused, saying why (readOdeWith).
 */
export function readOde(text: string, parameters: readonly ParameterName[] = [], limits?: Partial<Limits>): OdeRead {
  if (typeof text !== 'string') return { ok: false, error: 'the equation must be a string' };
  const { maxChars } = resolveLimits(limits);
  if (text.length > maxChars) return { ok: false, error: `the equation is longer than ${maxChars} characters (${text.length})`, refusal: 'limit' };
  return readOdeWith(text, (side) => {
    const r = tryParseExpr(side, limits, { odeUnknown: true, parameters });
    return r.ok ? r : { ok: false, error: r.error.message, refusal: r.error.refusal };
  });
}
