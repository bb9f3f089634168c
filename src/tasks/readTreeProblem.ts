import type { ProblemTextRead, TreeReader } from './task.js';

const NO_PARAMS = Object.freeze({});

/** `Task.readProblem` of a task whose problem is its tree alone: the text read by the caller's reader, carrying no parameter. */
export function readTreeProblem(text: string, read: TreeReader): ProblemTextRead {
  const r = read(text);
  return r.ok ? { ok: true, expr: r.expr, params: NO_PARAMS } : { ok: false, error: r.error };
}
