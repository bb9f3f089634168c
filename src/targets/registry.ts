import type { CasName } from '../tasks/task.js';
import type { TargetOptions } from './targetOptions.js';
import type { Target } from './types.js';

export type { OpenAIOptions, TargetOptions } from './targetOptions.js';

/** One kind of target: how it is named on the command line and how it is made. */
export interface TargetEntry {
  /** The form of the name, for help and error messages, e.g. `openai:<model>`. */
  readonly spec: string;
  /** What it is, in a line (`sagga list targets`). */
  readonly description: string;
  /** The computer algebra system it is, which does the tasks that name it among their solvers; absent: a model, asked any task. */
  readonly cas?: CasName;
  /** Whether `spec` (trimmed) names this kind of target. */
  readonly matches: (spec: string) => boolean;
  /**
   * Make the target. Imports its code only now, so that naming nerdamer does not load the OpenAI
   * client and a command that never asks a target starts fast.
   */
  readonly create: (spec: string, options: TargetOptions) => Promise<Target>;
}

const named =
  (name: string) =>
  (spec: string): boolean =>
    spec === name;
const prefixed =
  (prefix: string) =>
  (spec: string): boolean =>
    spec.startsWith(prefix);

/** What follows `prefix` in `spec`; throws with `example` when nothing does. */
function argument(spec: string, prefix: string, what: string, example: string): string {
  const rest = spec.slice(prefix.length).trim();
  if (rest === '') throw new Error(`--target ${prefix} needs ${what} after "${prefix}", e.g. ${example}`);
  return rest;
}

/** Only a time limit given on the command line is passed on; each target has its own default. */
const timeLimit = (options: TargetOptions) => (options.timeLimitMs === undefined ? {} : { timeoutMs: options.timeLimitMs });

export const TARGET_REGISTRY: readonly TargetEntry[] = [
  {
    spec: 'nerdamer',
    cas: 'nerdamer',
    description: "nerdamer's integrator, in-process (worker threads)",
    matches: named('nerdamer'),
    create: async (_spec, o) =>
      (await import('./nerdamer/nerdamerTarget.js')).createNerdamerTarget({ concurrency: o.concurrency, timeLimitMs: o.timeLimitMs, task: o.task }),
  },
  {
    spec: 'algebrite',
    cas: 'algebrite',
    description: "Algebrite's integrator, in-process (worker threads)",
    matches: named('algebrite'),
    create: async (_spec, o) =>
      (await import('./algebrite/algebriteTarget.js')).createAlgebriteTarget({ concurrency: o.concurrency, timeLimitMs: o.timeLimitMs, task: o.task }),
  },
  {
    spec: 'sympy',
    cas: 'sympy',
    description: "SymPy's integrate, run by Debian's /usr/bin/python3 (python3-sympy)",
    matches: named('sympy'),
    create: async (_spec, o) => (await import('./sympy/sympyTarget.js')).createSympyTarget({ ...timeLimit(o), task: o.task }),
  },
  {
    spec: 'maxima',
    cas: 'maxima',
    description: "Maxima's integrate (apt-get install maxima)",
    matches: named('maxima'),
    create: async (_spec, o) => (await import('./maxima/maximaTarget.js')).createMaximaTarget({ ...timeLimit(o), task: o.task }),
  },
  {
    spec: 'openai:<model>',
    description: 'a model behind an OpenAI-compatible chat-completions endpoint (--base-url)',
    matches: prefixed('openai:'),
    create: async (spec, o) => {
      const model = argument(spec, 'openai:', 'a model name', 'openai:gpt-4o-mini');
      return (await import('./openai/createOpenAITarget.js')).createOpenAITarget(model, o);
    },
  },
  {
    spec: 'cmd:<command line>',
    description: 'any program speaking the cmd: protocol (one JSON request per line on stdin, answers on stdout)',
    matches: prefixed('cmd:'),
    create: async (spec, o) => {
      const command = argument(spec, 'cmd:', 'a command line', 'cmd:"python3 my_model.py"');
      const startup = o.startupTimeoutMs === undefined ? {} : { startupGraceMs: o.startupTimeoutMs };
      return (await import('./cmd/cmdTarget.js')).createCmdTarget({ command, ...timeLimit(o), ...startup, task: o.task });
    },
  },
];

/** The valid forms of `--target`, in the order help lists them. */
export const TARGET_SPECS: readonly string[] = TARGET_REGISTRY.map((entry) => entry.spec);

/** The model under test named by `spec`; throws, listing the valid forms, on an unknown one. */
export async function createTarget(spec: string, options: TargetOptions): Promise<Target> {
  const s = spec.trim();
  const entry = TARGET_REGISTRY.find((e) => e.matches(s));
  if (entry === undefined) throw new Error(`unknown target '${spec}': expected one of ${TARGET_SPECS.join(', ')}`);
  return entry.create(s, options);
}
