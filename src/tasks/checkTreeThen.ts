import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { Expr } from '../expr/types.js';
import type { TaskCheck, TaskProblem } from './task.js';

/**
 * A task's candidate check: the run's check of the tree first, then the task's own check of the
 * checked tree with the problem's parameters (`more`); the key of the problem that passes both.
 */
export function checkTreeThen(
  problem: TaskProblem,
  checkTree: (tree: Expr) => CandidateCheck,
  more: (tree: Expr) => { readonly ok: true } | { readonly ok: false; readonly reason: string },
  key: (problem: TaskProblem) => string,
): TaskCheck {
  const c = checkTree(problem.expr);
  if (!c.ok) return c;
  const task = more(c.expr);
  if (!task.ok) return { ok: false, reason: task.reason };
  const checked: TaskProblem = { expr: c.expr, params: problem.params };
  return { ok: true, problem: checked, key: key(checked) };
}
