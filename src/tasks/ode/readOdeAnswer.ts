import type { Limits } from '../../expr/limits.js';
import { ARBITRARY_CONSTANTS, type ParameterName } from '../../expr/parameters.js';
import { tryParseExpr } from '../../expr/parse.js';
import type { OwnRefusal } from '../../expr/parseError.js';
import type { Expr } from '../../expr/types.js';

// No two adjacent quantifiers can share a run of spaces, so hostile text costs linear time.
const LABEL = /^\s*y\s*(?:\(\s*x\s*\)\s*)?=/;

/**
 * An ODE's answer, `y = …` or `y(x) = …` (or the expression alone), read by the whitelisting infix
 * parser with the given parameters and the arbitrary constants C1 … C9 of a general solution.
 */
export function readOdeAnswer(
  text: string,
  parameters: readonly ParameterName[] = [],
  limits?: Partial<Limits>,
): { ok: true; answer: Expr } | { ok: false; error: string; refusal?: OwnRefusal } {
  if (typeof text !== 'string') return { ok: false, error: 'the answer must be a string' };
  const label = LABEL.exec(text);
  const body = label === null ? text : text.slice(label[0].length);
  if (body.includes('=')) return { ok: false, error: "the answer is y = expression, with one '='" };
  const r = tryParseExpr(body, limits, { parameters: [...parameters, ...ARBITRARY_CONSTANTS] });
  return r.ok ? { ok: true, answer: r.expr } : { ok: false, error: r.error.message, refusal: r.error.refusal };
}
