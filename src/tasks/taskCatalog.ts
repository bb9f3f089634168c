import { TASK_REGISTRY } from './registry.js';

/** A kind of problem sagga can pose to a target and check: its name (`--task`) and what it asks. */
export interface TaskInfo {
  readonly name: string;
  readonly description: string;
}

/**
 * Every task sagga knows, in the order `sagga list tasks` shows them: the registry's (registry.ts),
 * so that a task added there is known to every command that lists tasks.
 */
export const TASK_CATALOG: readonly TaskInfo[] = TASK_REGISTRY.map((t) => ({ name: t.name, description: t.description }));
