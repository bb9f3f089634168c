import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { REPO_ROOT } from '../helpers/runBuiltCli.js';

/** The rows of the README's commands table (under "### Commands"). */
function commandsTable(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### Commands');
  const table = readme.slice(start, readme.indexOf('\n###', start + 1));
  return table.split('\n').filter((l) => l.startsWith('| `sagga '));
}

describe("the README's commands table", () => {
  it('has a row for every command of the CLI', () => {
    const rows = commandsTable();
    for (const command of buildProgram().commands.map((c) => c.name())) {
      expect(
        rows.some((r) => r.startsWith(`| \`sagga ${command}`)),
        command,
      ).toBe(true);
    }
  });

  it('names the options a user looks for first: a config file, a dry run, the CI gate and its JUnit file', () => {
    const rows = commandsTable();
    const row = (command: string) => rows.find((r) => r.startsWith(`| \`sagga ${command}`)) ?? '';
    for (const option of ['--config', '--dry-run']) expect(row('search'), option).toContain(`\`${option}`);
    for (const option of ['--fail-under', '--junit']) expect(row('eval'), option).toContain(`\`${option}`);
    expect(row('list')).toContain('targets\\|seeds\\|suites\\|templates\\|tasks');
  });
});
