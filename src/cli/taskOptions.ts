import type { Command } from 'commander';
import { TASK_NAMES, taskNamed } from '../tasks/registry.js';
import type { Task, TaskParams } from '../tasks/task.js';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';

/** The options that pose a task's problem on the command line (`check`, `integrate`). */
export interface TaskCliOptions {
  task?: string;
  lower?: string;
  upper?: string;
  point?: string;
  order?: string;
  direction?: string;
  /** `--condition`, repeated: an ODE's `conditions`. */
  condition?: string[];
  /** `--parameter`, repeated: the problem's parameters and their assumptions (`A=positive`, `B`). */
  parameter?: string[];
}

const FIELDS = ['lower', 'upper', 'point', 'order', 'direction'] as const;

/** `--condition y(0)=1 --condition y'(0)=0`: each occurrence adds one. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `--task` and every task's fields as options, named as the verify contract names them. */
export function addTaskOptions(cmd: Command): Command {
  return cmd
    .option('--task <name>', `the task: ${TASK_NAMES.join(', ')} (default integrate)`)
    .option('--lower <bound>', 'definite: the lower bound (a number, a constant such as pi/2, -oo)')
    .option('--upper <bound>', 'definite: the upper bound (a number, a constant such as pi/2, oo)')
    .option('--point <a>', 'series: the point of the expansion; limit: where x goes (oo, -oo allowed)')
    .option('--order <n>', 'series: the order (the polynomial goes up to (x - a)^n)')
    .option('--direction <side>', 'limit: + (from the right), - (from the left) or +- (both; the default at a finite point)')
    .option('--condition <condition>', "ode: a condition such as y(0)=1 or y'(0)=0 (repeat it; none asks for the general solution)", collect)
    .option(
      '--parameter <name[=assumption]>',
      'any task: a parameter the problem uses, A=positive (the default), B=negative, F=nonzero or G=real (repeat it)',
      collect,
    );
}

/**
 * The `parameters` field the `--parameter` options make (`{"A": "positive"}`), undefined without
 * any; a usage error names a malformed one (the assumptions themselves are checked as a line's are).
 */
export function parametersOf(opts: TaskCliOptions): Record<string, string> | undefined {
  if (opts.parameter === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const given of opts.parameter) {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)\s*(?:=\s*([a-z]*)\s*)?$/.exec(given);
    if (m === null) throw new CliError(`--parameter ${given}: expected NAME or NAME=ASSUMPTION, e.g. A=positive`, EXIT.usage);
    out[m[1]] = m[2] ?? '';
  }
  return out;
}

/** The task options' fields as a line has them (`{"lower": "0", …}`, `{"conditions": [...]}`), those given only. */
export function taskFieldsOf(opts: TaskCliOptions): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.fromEntries(FIELDS.flatMap((f) => (opts[f] === undefined ? [] : [[f, opts[f]!]])));
  if (opts.condition !== undefined) fields.conditions = opts.condition;
  return fields;
}

/** The task named by `--task` and its parameters read from the options; a usage error names what is wrong. */
export function taskOf(opts: TaskCliOptions): { task: Task; params: TaskParams } {
  if (opts.task !== undefined && !TASK_NAMES.includes(opts.task))
    throw new CliError(`--task ${opts.task}: expected one of ${TASK_NAMES.join(', ')}`, EXIT.usage);
  const task = taskNamed(opts.task);
  const fields = taskFieldsOf(opts);
  const stray = Object.keys(fields).filter((f) => !task.fields.some((t) => t.name === f));
  // An option is named as the field, but for the list of conditions, which takes one per --condition.
  const option = (field: string) => (field === 'conditions' ? 'condition' : field);
  if (stray.length > 0)
    throw new CliError(
      `--${option(stray[0])} is not an option of the ${task.name} task${task.fields.length > 0 ? ` (its: ${task.fields.map((f) => `--${option(f.name)}`).join(', ')})` : ''}`,
      EXIT.usage,
    );
  const read = task.readParams(fields);
  if (!read.ok)
    throw new CliError(`--${read.error.replace(/^conditions: /, 'condition: ').replace(/^(\w+): missing$/, '$1 is required by this task')}`, EXIT.usage);
  return { task, params: read.params };
}
