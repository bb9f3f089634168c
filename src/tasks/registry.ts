import { definiteTask } from './definite/definiteTask.js';
import { integrateTask } from './integrate/integrateTask.js';
import { limitTask } from './limit/limitTask.js';
import { odeTask } from './ode/odeTask.js';
import { seriesTask } from './series/seriesTask.js';
import type { Task } from './task.js';

/** Every task sagga knows, in the order `sagga list tasks` shows them; `integrate` first, the default. */
export const TASK_REGISTRY: readonly Task[] = [integrateTask, definiteTask, seriesTask, limitTask, odeTask];

/** The task `--task` names when it is not given (and the one a line without `task` poses). */
export const DEFAULT_TASK = integrateTask;

/** The valid values of `--task` and of a line's `task` field. */
export const TASK_NAMES: readonly string[] = TASK_REGISTRY.map((t) => t.name);

/** The task named `name` (a line's `task`, `--task`); undefined or absent is integrate. Throws, listing the names, on an unknown one. */
export function taskNamed(name: string | undefined): Task {
  if (name === undefined) return DEFAULT_TASK;
  const task = TASK_REGISTRY.find((t) => t.name === name.trim());
  if (task === undefined) throw new Error(`unknown task '${name}': expected one of ${TASK_NAMES.join(', ')}`);
  return task;
}
