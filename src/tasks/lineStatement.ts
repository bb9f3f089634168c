import { readTaskProblem } from './readTaskProblem.js';
import { taskNamed } from './registry.js';

/**
 * The whole problem of a line for people (`∫ x dx`, `∫[0, 1] x dx`, `lim x→0+ sin(x)/x`), from its
 * tree as written (`problem`, canonical infix), its `task` (absent: integrate) and the task's fields.
 * A line sagga cannot read (an unknown task, fields it cannot read) shows its problem as written.
 */
export function lineStatement(problem: string, task: string | null | undefined, fields: Readonly<Record<string, unknown>> | null | undefined): string {
  // (A line's `parameters`, when the caller has them, are among `fields`.)
  if (task === null || task === undefined || task === 'integrate') return `∫ ${problem} dx`;
  try {
    const t = taskNamed(task);
    const read = readTaskProblem(t, { ...fields, problem });
    return read.ok ? t.statement(read.problem, 'infix') : `${task}: ${problem}`;
  } catch {
    return `${task}: ${problem}`;
  }
}
