import { readInfixTree } from './readInfixTree.js';
import type { Task, TaskProblem, TreeReader } from './task.js';

export type TaskProblemRead = { readonly ok: true; readonly problem: TaskProblem } | { readonly ok: false; readonly error: string };

/**
 * The problem of a line of `task` (untrusted): its `problem` text read back by the task
 * (`readProblem`, with `read`: the caller's reader of a tree, infix by default) and its other fields
 * by `readParams`, together. An error names what could not be read: `problem: …`, or the field.
 */
export function readTaskProblem(task: Task, line: Readonly<Record<string, unknown>>, read: TreeReader = readInfixTree): TaskProblemRead {
  if (typeof line.problem !== 'string') return { ok: false, error: line.problem === undefined ? 'problem: missing' : 'problem: not a string' };
  const tree = task.readProblem(line.problem, read);
  if (!tree.ok) return { ok: false, error: `problem: ${tree.error}` };
  const fields = task.readParams(line);
  if (!fields.ok) return fields;
  return { ok: true, problem: { expr: tree.expr, params: Object.keys(tree.params).length === 0 ? fields.params : { ...tree.params, ...fields.params } } };
}
