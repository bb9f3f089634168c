import { checkCandidate } from '../../constraints/checkCandidate.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { deleteOperand } from '../../src/shrink/moves/deleteOperand.js';

/** Every deletion of one term or factor of `problem` that the search's candidate check accepts. */
export function oneDeletions(problem: string): string[] {
  const out = new Set<string>();
  for (const c of deleteOperand.candidates(parseExpr(problem))) {
    const check = checkCandidate(c.expr);
    if (check.ok) out.add(toInfix(check.expr));
  }
  return [...out];
}
