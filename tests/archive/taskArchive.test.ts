import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from '../helpers/runBuiltCli.js';
import { searchOneGeneration } from '../helpers/searchOneGeneration.js';

/* The archive commands on a definite run: nothing may lose a line's bounds. */
describe('archive commands on a task run', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-task-archive-'));
  const dir = join(work, 'run');
  const MODEL = 'cmd:node tests/fixtures/cmd/definite-model.mjs';

  beforeAll(async () => {
    await searchOneGeneration({ task: 'definite', target: MODEL, out: dir, extra: ['--reference', 'none', '--rng-seed', '7'] });
  }, 300_000);

  it('merge keeps each line with its task and bounds, one line per problem and bounds', async () => {
    const archive = readFileSync(join(dir, 'archive.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(archive.length).toBeGreaterThan(0);
    const out = join(work, 'merged');
    const merged = await runBuiltCli(['archive', 'merge', dir, dir, '--out', out]);
    expect(merged.status, merged.stderr).toBe(0);
    const lines = readFileSync(join(out, 'archive.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.problem, l.task, l.lower, l.upper])).toEqual(archive.map((l) => [l.problem, 'definite', l.lower, l.upper]));
    expect(Object.keys(lines[0]).slice(0, 5)).toEqual(['id', 'problem', 'task', 'lower', 'upper']);
  }, 120_000);

  it('shrink leaves the lines its search shrank as they are, and says why; export refuses rather than drop the bounds', async () => {
    const before = readFileSync(join(dir, 'archive.jsonl'), 'utf8');
    const shrink = await runBuiltCli(['archive', 'shrink', dir, '--target', MODEL]);
    expect(shrink.status, shrink.stderr).toBe(0);
    expect(shrink.stdout + shrink.stderr).toContain('of a task other than integrate');
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(before);
    const exported = await runBuiltCli(['archive', 'export', dir, '--out', join(work, 'export.jsonl')]);
    expect(exported.status).not.toBe(0);
    expect(exported.stderr).toContain('of the definite task');
  }, 120_000);
});
