import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import { builtinSeedSets, loadSeeds } from '../../src/seeds/loadSeeds.js';
import { SUITE_NAMES } from '../../src/suite/suiteTypes.js';
import { TARGET_SPECS } from '../../src/targets/registry.js';
import { PROMPT_TEMPLATES } from '../../src/targets/openai/promptTemplates.js';
import { readLineTree } from '../../src/tasks/readLineTree.js';
import { TASK_CATALOG } from '../../src/tasks/taskCatalog.js';
import { sagga } from '../helpers/cliInProcess.js';

type Row = { name: string; description: string };

async function list(what: string): Promise<Row[]> {
  const r = await sagga(['list', what, '--json']);
  expect(r.status, r.stderr).toBe(EXIT.ok);
  return JSON.parse(r.stdout) as Row[];
}

describe('sagga list', () => {
  it('lists each kind from where it is defined: targets, seed sets, suites, prompt templates, tasks', async () => {
    expect((await list('targets')).map((r) => r.name)).toEqual(TARGET_SPECS);
    const seeds = await list('seeds');
    expect(seeds.map((r) => r.name)).toEqual(builtinSeedSets());
    // A task's set names its task: `14 ode seeds: …`.
    for (const row of seeds) expect(row.description).toMatch(new RegExp(`^${loadSeeds(row.name, readLineTree).exprs.length}( [a-z]+)? seeds?: `));
    expect((await list('suites')).map((r) => r.name)).toEqual(SUITE_NAMES);
    expect((await list('templates')).map((r) => r.name)).toEqual(Object.keys(PROMPT_TEMPLATES));
    const tasks = await list('tasks');
    expect(tasks.map((r) => r.name)).toEqual(TASK_CATALOG.map((t) => t.name));
    expect(tasks.map((r) => r.name)).toContain('integrate');
    for (const what of ['targets', 'seeds', 'suites', 'templates', 'tasks'])
      for (const row of await list(what)) expect(row.description, `${what} ${row.name}`).not.toBe('');
  });

  it('prints one line per item, the name first, as the options take it', async () => {
    const r = await sagga(['list', 'targets']);
    expect(r.status).toBe(EXIT.ok);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split(/ {2,}/)[0]),
    ).toEqual(TARGET_SPECS);
  });

  it('an unknown kind is a usage error naming the kinds', async () => {
    const r = await sagga(['list', 'models']);
    expect(r.status).toBe(EXIT.usage);
    expect(r.stderr).toContain('Allowed choices are targets, seeds, suites, templates, tasks');
  });
});
