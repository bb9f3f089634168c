import type { Rng } from '../util/rng.js';
import type { Task, TaskParams } from './task.js';

/**
 * A task's `mutate` for a problem whose parameters are mutated now and then: with probability
 * `share` the parameters change (`mutateParams`) and the tree stays, otherwise the tree changes.
 */
export function treeOrParamsMutation(share: number, mutateParams: (params: TaskParams, rng: Rng, constantScale: number) => TaskParams): Task['mutate'] {
  return (problem, rng, mutateTree, constantScale) => {
    if (rng.next() < share) return { expr: problem.expr, params: mutateParams(problem.params, rng, constantScale) };
    return { expr: mutateTree(problem.expr), params: problem.params };
  };
}
