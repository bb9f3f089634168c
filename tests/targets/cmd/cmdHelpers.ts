import { parseExpr } from '../../../src/expr/parse.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { toLatex } from '../../../src/expr/toLatex.js';
import type { TargetProblem } from '../../../src/targets/types.js';

/** A target problem from infix text, the way the search builds them. */
export function problem(id: string, text: string): TargetProblem {
  const expr = parseExpr(text);
  return { id, expr, infix: toInfix(expr), latex: toLatex(expr) };
}
