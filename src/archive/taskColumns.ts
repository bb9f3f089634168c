import { ASSUMPTION_SEPARATOR, LIST_SEPARATOR } from '../run/fromDatasetRow.js';
import type { LineParameters } from '../tasks/readLineParameters.js';
import type { LineFields, LineValue } from '../tasks/task.js';

/** The task columns of a dataset row (datasetSchema.ts, TASK_COLUMNS). */
export interface TaskColumns {
  readonly task: string;
  readonly lower: string;
  readonly upper: string;
  readonly point: string;
  readonly order: number;
  readonly direction: string;
  readonly conditions: string;
  readonly parameters: string;
}

/**
 * A line's task, its fields and its parameters' assumptions as the dataset's task columns: `integrate`
 * for a line without a task, every column its task does not have empty (0 for `order`), an ODE's
 * conditions and the assumptions as text (`y(0)=1; y'(0)=0`, `A: positive; B: real`).
 */
export function taskColumns(task: string | null, params: LineFields | null, parameters: LineParameters | null): TaskColumns {
  const field = (name: string): LineValue | undefined => params?.[name];
  const text = (name: string): string => {
    const v = field(name);
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  };
  const order = field('order');
  const orderNumber = typeof order === 'number' || typeof order === 'string' ? Number(order) : 0;
  const conditions = field('conditions');
  return {
    task: task ?? 'integrate',
    lower: text('lower'),
    upper: text('upper'),
    point: text('point'),
    order: Number.isInteger(orderNumber) ? orderNumber : 0,
    direction: text('direction'),
    conditions: Array.isArray(conditions) ? conditions.join(LIST_SEPARATOR) : '',
    parameters: Object.entries(parameters ?? {})
      .map(([name, assumption]) => `${name}${ASSUMPTION_SEPARATOR}${assumption}`)
      .join(LIST_SEPARATOR),
  };
}
