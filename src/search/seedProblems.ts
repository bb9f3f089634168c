import type { SeedSet } from '../seeds/loadSeeds.js';
import { SEARCH_ASSUMPTION } from '../tasks/problemAssumptions.js';
import { readTaskProblem } from '../tasks/readTaskProblem.js';
import { storeProblem, type StoredProblem } from '../tasks/storedProblem.js';
import type { Task } from '../tasks/task.js';

/**
 * A seed set's problems for `task`: each expression of a plain file as a problem without
 * parameters (refused for a task that has some), each JSON line with the parameters the task reads
 * from it. A line naming another task, or whose parameters the task cannot read, is refused with
 * the file and line it came from.
 */
export function seedProblems(set: SeedSet, task: Task): StoredProblem[] {
  if (set.lines === undefined) {
    if (task.fields.length > 0)
      throw new Error(
        `${set.source}: the ${task.name} task needs seeds with its parameters (${task.fields.map((f) => f.name).join(', ')}): JSON Lines {"task": "${task.name}", "problem", …}`,
      );
    return [...set.exprs];
  }
  return set.exprs.map((_expr, i) => {
    const line = set.lines![i];
    const named = line.task === undefined ? 'integrate' : line.task;
    if (named !== task.name) throw new Error(`${set.source}: problem ${i + 1} is a ${String(named)} problem, not a ${task.name} one`);
    const read = readTaskProblem(task, line);
    if (!read.ok) throw new Error(`${set.source}: problem ${i + 1}: ${read.error}`);
    // A search states one assumption of every parameter, ASyMOB's: a seed must share it.
    const other = Object.entries(read.parameters).find(([, assumption]) => assumption !== SEARCH_ASSUMPTION);
    if (other !== undefined)
      throw new Error(`${set.source}: problem ${i + 1}: a search assumes every parameter ${SEARCH_ASSUMPTION}; ${other[0]} is assumed ${other[1]}`);
    return storeProblem(read.problem);
  });
}
