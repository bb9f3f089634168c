import { Argument, type Command } from 'commander';

/** What `sagga list` lists. */
const LISTS = ['targets', 'seeds', 'suites', 'templates', 'tasks'] as const;
type ListName = (typeof LISTS)[number];

interface ListRow {
  readonly name: string;
  readonly description: string;
}

/** `sagga list targets|seeds|suites|templates|tasks`: what exists, read from where each is defined. */
export function registerListCommand(program: Command): void {
  program
    .command('list')
    .description('list what exists: target kinds, built-in seed sets, suites, prompt templates, tasks')
    .addArgument(new Argument('<what>', 'what to list').choices(LISTS))
    .option('--json', 'print a JSON array of {"name", "description"} instead of one line each')
    .addHelpText(
      'after',
      `
One line each: the name as the options take it, then what it is.

Examples:
  $ sagga list targets
  $ sagga list seeds
  $ sagga list templates --json`,
    )
    .action(async (what: ListName, opts: { json?: boolean }) => {
      const rows = await listRows(what);
      if (opts.json) {
        process.stdout.write(JSON.stringify(rows) + '\n');
        return;
      }
      const width = Math.max(...rows.map((r) => r.name.length));
      process.stdout.write(rows.map((r) => `${r.name.padEnd(width)}  ${r.description}`.trimEnd()).join('\n') + '\n');
    });
}

/** The rows of one list, each module imported only when its list is asked for. */
async function listRows(what: ListName): Promise<ListRow[]> {
  switch (what) {
    case 'targets': {
      const [{ TARGET_REGISTRY }, { TASK_REGISTRY }] = await Promise.all([import('../targets/registry.js'), import('../tasks/registry.js')]);
      // Which tasks each can be asked: a CAS those that name it among their solvers, a model any.
      return TARGET_REGISTRY.map((entry) => {
        const tasks = TASK_REGISTRY.filter((t) => entry.cas === undefined || t.solvers.includes(entry.cas)).map((t) => t.name);
        return { name: entry.spec, description: `${entry.description}; tasks: ${tasks.join(', ')}` };
      });
    }
    case 'seeds': {
      const [{ builtinSeedSets, loadSeeds }, { toInfix }, { readLineTree }, { readTaskProblem }, { taskNamed }] = await Promise.all([
        import('../seeds/loadSeeds.js'),
        import('../expr/print.js'),
        import('../tasks/readLineTree.js'),
        import('../tasks/readTaskProblem.js'),
        import('../tasks/registry.js'),
      ]);
      return builtinSeedSets().map((name) => {
        const { exprs, lines } = loadSeeds(name, readLineTree);
        // Each problem as its lines write it: an ODE's whole equation, any other task's tree.
        const shown = exprs
          .slice(0, 4)
          .map((e, i) => {
            const line = lines?.[i];
            const read = line === undefined ? undefined : readTaskProblem(taskNamed(typeof line.task === 'string' ? line.task : undefined), line);
            return read?.ok === true ? taskNamed(line!.task as string | undefined).problemText(read.problem, 'infix') : toInfix(e);
          })
          .join(', ');
        // A task's set (JSON Lines) says whose problems it holds.
        const task = typeof lines?.[0]?.task === 'string' ? ` ${lines[0].task}` : '';
        return { name, description: `${exprs.length}${task} seed${exprs.length === 1 ? '' : 's'}: ${shown}${exprs.length > 4 ? ', …' : ''}` };
      });
    }
    case 'suites': {
      const { SUITE_DESCRIPTIONS, SUITE_NAMES } = await import('../suite/suiteTypes.js');
      return SUITE_NAMES.map((name) => ({ name, description: SUITE_DESCRIPTIONS[name] }));
    }
    case 'templates': {
      const { PROMPT_TEMPLATES, DEFAULT_PROMPT_TEMPLATE } = await import('../targets/openai/promptTemplates.js');
      return Object.values(PROMPT_TEMPLATES).map((t) => ({
        name: t.name,
        description: `${t.name === DEFAULT_PROMPT_TEMPLATE ? '(default) ' : ''}${t.user.replace(/\s+/g, ' ').slice(0, 100)}${t.user.length > 100 ? '…' : ''}`,
      }));
    }
    case 'tasks': {
      const { TASK_REGISTRY } = await import('../tasks/registry.js');
      // What each asks, its fields, and the CAS that can answer it.
      return TASK_REGISTRY.map((t) => ({
        name: t.name,
        description: `${t.description}${t.fields.length > 0 ? `; fields: ${t.fields.map((f) => f.name).join(', ')}` : ''}; solved by ${t.solvers.join(', ')}`,
      }));
    }
  }
}
