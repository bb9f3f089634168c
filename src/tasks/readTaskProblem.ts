import { parameterNames, parseParameterAssumptions, type ParameterAssumptions } from '../verify/parameterAssumptions.js';
import { readInfixTree } from './readInfixTree.js';
import type { Task, TaskProblem, TreeReader } from './task.js';

export type TaskProblemRead =
  | { readonly ok: true; readonly problem: TaskProblem /** The line's `parameters` (`{}` without any). */; readonly parameters: ParameterAssumptions }
  | { readonly ok: false; readonly error: string };

/**
 * The problem of a line of `task` (untrusted): its `parameters` (`{"A": "positive"}`, the names its
 * problem may use), its `problem` text read back by the task (`readProblem`, with `read`: the
 * caller's reader of a tree, infix by default) and its other fields by `readParams`, together. An
 * error names what could not be read: `parameters: …`, `problem: …`, or the field.
 */
export function readTaskProblem(task: Task, line: Readonly<Record<string, unknown>>, read: TreeReader = readInfixTree): TaskProblemRead {
  if (typeof line.problem !== 'string') return { ok: false, error: line.problem === undefined ? 'problem: missing' : 'problem: not a string' };
  const assumed = parseParameterAssumptions(line.parameters);
  if (!assumed.ok) return assumed;
  const names = parameterNames(assumed.parameters);
  const reader: TreeReader = names.length === 0 ? read : (text, options) => read(text, { ...options, parameters: [...(options?.parameters ?? []), ...names] });
  const tree = task.readProblem(line.problem, reader);
  if (!tree.ok) return { ok: false, error: `problem: ${tree.error}` };
  const fields = task.readParams(line);
  if (!fields.ok) return fields;
  const params = Object.keys(tree.params).length === 0 ? fields.params : { ...tree.params, ...fields.params };
  return { ok: true, problem: { expr: tree.expr, params }, parameters: assumed.parameters };
}
