import type { Expr } from '../expr/types.js';
import type { TaskParams, TaskProblem } from './task.js';

/**
 * A problem as the search holds and stores it (seeds, population, known bugs, checkpoint.json): its
 * bare tree when it has no parameters, as integrate's problems and every run made before tasks,
 * else `{expr, params}`. A task's problem with its parameters, a problem without them.
 */
export type StoredProblem = Expr | { readonly expr: Expr; readonly params?: TaskParams };

/** The problem a stored one stands for: a bare tree has no parameters. */
export function loadProblem(stored: StoredProblem): TaskProblem {
  if ('type' in stored) return { expr: stored, params: {} };
  return { expr: stored.expr, params: stored.params ?? {} };
}

/** A problem as it is stored: its bare tree when it has no parameters (so integrate's state is as it was). */
export function storeProblem(problem: { readonly expr: Expr; readonly params?: TaskParams }): StoredProblem {
  return problem.params === undefined || Object.keys(problem.params).length === 0 ? problem.expr : { expr: problem.expr, params: problem.params };
}

/** `{params}` when there are any, else nothing: spread into a problem so that one without parameters keeps its old shape. */
export function paramsField(params: TaskParams | undefined): { readonly params?: TaskParams } {
  return params === undefined || Object.keys(params).length === 0 ? {} : { params };
}
