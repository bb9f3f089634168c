/** A kind of problem sagga can pose to a target and check: its name (`--task`) and what it asks. */
export interface TaskInfo {
  readonly name: string;
  readonly description: string;
}

/**
 * Every task sagga knows, in the order `sagga list tasks` shows them. A task added under
 * `src/tasks/` is added here too, and so becomes known to every command that lists tasks.
 */
export const TASK_CATALOG: readonly TaskInfo[] = [
  { name: 'integrate', description: "indefinite integration: given f(x), an antiderivative F(x) with F' = f" },
];
