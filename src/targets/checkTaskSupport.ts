import type { CasName, Task } from '../tasks/task.js';

/**
 * A CAS target is made for one task; one that cannot do it is refused at once, naming the systems
 * that can (`sagga list targets` shows the same table).
 */
export function checkTaskSupport(cas: CasName, task: Task): void {
  if (task.solvers.includes(cas)) return;
  const others = task.solvers.length > 0 ? `; it is done by ${task.solvers.join(', ')}` : '';
  throw new Error(`the ${cas} target cannot do the ${task.name} task${others}`);
}
