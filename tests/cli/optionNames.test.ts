import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { sagga } from '../helpers/cliInProcess.js';
import { TRICKY_LINES, writeRun } from '../archive/fixtures.js';

/** Every command below `cmd` (itself included), by its path: `archive cluster`. */
function commands(cmd: Command, path: string[] = []): Array<{ path: string; cmd: Command }> {
  const here = path.length > 0 ? [{ path: path.join(' '), cmd }] : [];
  return [...here, ...cmd.commands.flatMap((c) => commands(c, [...path, c.name()]))];
}

/** The long options `--help` shows for a command as current names (a former name is shown as such). */
function shownOptions(cmd: Command): string[] {
  return cmd
    .createHelp()
    .visibleOptions(cmd)
    .filter((o) => !o.description.startsWith('former name of'))
    .map((o) => o.long ?? '');
}

/** The former names `--help` lists for a command, each saying which option it stands for. */
function formerOptions(cmd: Command): string[] {
  return cmd
    .createHelp()
    .visibleOptions(cmd)
    .filter((o) => o.description.startsWith('former name of'))
    .map((o) => `${o.long ?? ''} → ${/former name of (\S+)/.exec(o.description)?.[1] ?? ''}`);
}

describe('one name per meaning across commands', () => {
  const all = commands(buildProgram());

  it('help shows --out for every output, --rng-seed for every seed of a random generator, --clusters for every number of clusters, and --k only for answers per problem', () => {
    const shown = new Map(all.map(({ path, cmd }) => [path, shownOptions(cmd)]));
    for (const [path, options] of shown) {
      expect(options, path).not.toContain('--output');
      expect(options, path).not.toContain('--seed');
    }
    for (const path of ['verify', 'augment', 'search', 'eval', 'report', 'archive export']) expect(shown.get(path), path).toContain('--out');
    expect(shown.get('archive cluster')).toEqual(expect.arrayContaining(['--clusters', '--rng-seed']));
    expect(shown.get('archive cluster')).not.toContain('--k');
    expect(shown.get('report')).toContain('--rng-seed');
    for (const path of ['search', 'eval', 'integrate', 'suite']) expect(shown.get(path), path).toContain('--k');
    for (const path of ['search', 'eval', 'integrate', 'archive stats']) expect(shown.get(path), path).toContain('--json');
    // Every option is listed: the former names too, as such.
    const former = new Map(all.map(({ path, cmd }) => [path, formerOptions(cmd)]));
    expect(former.get('verify')).toEqual(['--output → --out,']);
    expect(former.get('augment')).toEqual(['--output → --out,']);
  });

  it('the former spellings still work for a release, each with a note naming the current one', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sagga-option-names-'));
    const input = join(work, 'pairs.jsonl');
    writeFileSync(input, '{"id":"a","problem":"x","answer":"x^2/2"}\n');
    const now = await sagga(['verify', '-i', input, '--out', join(work, 'now.jsonl')]);
    const before = await sagga(['verify', '-i', input, '--output', join(work, 'before.jsonl')]);
    expect([now.status, before.status]).toEqual([0, 0]);
    const verdicts = (file: string) =>
      readFileSync(join(work, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { verdict: string }).verdict);
    expect(verdicts('before.jsonl')).toEqual(['correct']);
    expect(verdicts('now.jsonl')).toEqual(['correct']);
    expect(now.stderr).not.toMatch(/former name/);
    expect(before.stderr).toContain('sagga verify: --output is the former name of --out; it will be removed in a later release');

    const augmented = await sagga(['augment', 'backward', '--n', '2', '--output', join(work, 'backward.jsonl')]);
    expect(augmented.status, augmented.stderr).toBe(0);
    expect(readFileSync(join(work, 'backward.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    expect(augmented.stderr).toContain('sagga augment: --output is the former name of --out');

    const run = writeRun(join(work, 'run'), TRICKY_LINES);
    const current = await sagga(['archive', 'cluster', run, '--clusters', '2', '--rng-seed', 's1', '--prototypes', '1']);
    const former = await sagga(['archive', 'cluster', run, '-k', '2', '--seed', 's1', '--prototypes', '1']);
    const otherSeed = await sagga(['archive', 'cluster', run, '--clusters', '3', '--prototypes', '1']);
    expect(current.status, current.stderr).toBe(0);
    expect(current.stdout).toContain('in 2 cluster(s)');
    expect(former.stdout).toBe(current.stdout);
    expect(otherSeed.stdout).toContain('in 3 cluster(s)');
    expect(former.stderr).toContain('sagga archive cluster: --k is the former name of --clusters');
    expect(former.stderr).toContain('sagga archive cluster: --seed is the former name of --rng-seed');
  }, 60_000);

  it('eval --json prints the report that --out writes', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sagga-eval-json-'));
    const problems = join(work, 'problems.txt');
    writeFileSync(problems, 'x\nx*exp(x)\ncos(x)\n');
    const out = join(work, 'eval.json');
    const r = await sagga(['eval', '--target', 'nerdamer', '--problems', problems, '--json', '--out', out, '--no-canaries']);
    expect(r.status, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as { target: string; problems: number; metrics: Record<string, { value: number }> };
    expect(printed).toEqual(JSON.parse(readFileSync(out, 'utf8')));
    expect(printed).toMatchObject({ target: 'nerdamer', problems: 3 });
    expect(printed.metrics['pass@1'].value).toBe(1);
  }, 60_000);
});
