import { toInfix } from '../src/expr/toInfix.js';
import { toLatex } from '../src/expr/toLatex.js';
import type { Expr } from '../src/expr/types.js';
import { checkCandidate } from '../constraints/checkCandidate.js';
import type { TargetProblem } from '../src/targets/types.js';

/**
 * `e` as the problem `id`, in the form the search would ask it, when the search's candidate check
 * accepts it, its canonical key is not in `seen` and `keep` keeps it; the key is then added to
 * `seen`. Otherwise undefined.
 */
export function distinctProblem(e: Expr, id: string, seen: Set<string>, keep: (e: Expr) => boolean = () => true): TargetProblem | undefined {
  const check = checkCandidate(e);
  if (!check.ok || seen.has(check.key) || !keep(check.expr)) return undefined;
  seen.add(check.key);
  return { id, expr: check.expr, infix: toInfix(check.expr), latex: toLatex(check.expr) };
}
