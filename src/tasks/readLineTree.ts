import type { Expr } from '../expr/types.js';
import { integrateTask } from './integrate/integrateTask.js';
import { readInfixTree } from './readInfixTree.js';
import { readTaskProblem } from './readTaskProblem.js';
import { TASK_REGISTRY } from './registry.js';

/**
 * A line's `problem` read into its tree as the line's task reads it (`task`; absent, or a name
 * sagga does not know, reads as a plain tree, and whoever reads the line's task refuses the name):
 * an ODE's equation has its right-hand side for tree; the line's `parameters` may appear in it. For
 * seed files, which hold any task's lines.
 */
export function readLineTree(problem: string, line: Readonly<Record<string, unknown>>): { ok: true; expr: Expr } | { ok: false; error: string } {
  const task = TASK_REGISTRY.find((t) => t.name === line.task) ?? integrateTask;
  const r = readTaskProblem(task, { ...line, problem }, readInfixTree);
  return r.ok ? { ok: true, expr: r.problem.expr } : { ok: false, error: r.error.replace(/^problem: /, '') };
}
