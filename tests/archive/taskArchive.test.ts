import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/jsonLines.js';
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
    const archive = jsonLines<Record<string, unknown>>(join(dir, 'archive.jsonl'));
    expect(archive.length).toBeGreaterThan(0);
    const out = join(work, 'merged');
    const merged = await runBuiltCli(['archive', 'merge', dir, dir, '--out', out]);
    expect(merged.status, merged.stderr).toBe(0);
    const lines = jsonLines<Record<string, unknown>>(join(out, 'archive.jsonl'));
    expect(lines.map((l) => [l.problem, l.task, l.lower, l.upper])).toEqual(archive.map((l) => [l.problem, 'definite', l.lower, l.upper]));
    expect(Object.keys(lines[0]).slice(0, 5)).toEqual(['id', 'problem', 'task', 'lower', 'upper']);
  }, 120_000);

  it('shrink leaves the lines its search shrank as they are, and says why; export keeps the bounds, and merged back they are the lines again', async () => {
    const before = readFileSync(join(dir, 'archive.jsonl'), 'utf8');
    const shrink = await runBuiltCli(['archive', 'shrink', dir, '--target', MODEL]);
    expect(shrink.status, shrink.stderr).toBe(0);
    expect(shrink.stdout + shrink.stderr).toContain('of a task other than integrate');
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(before);
    const archive = jsonLines<Record<string, unknown>>(join(dir, 'archive.jsonl'));
    const rows = join(work, 'export', 'rows.jsonl');
    const exported = await runBuiltCli(['archive', 'export', dir, '--out', rows]);
    expect(exported.status, exported.stderr).toBe(0);
    expect(jsonLines<Record<string, unknown>>(rows).map((r) => [r.problem, r.task, r.lower, r.upper, r.point])).toEqual(
      archive.map((l) => [l.problem, 'definite', l.lower, l.upper, '']),
    );
    const out = join(work, 'merged-export');
    const merged = await runBuiltCli(['archive', 'merge', rows, rows, '--out', out]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(jsonLines<Record<string, unknown>>(join(out, 'archive.jsonl')).map((l) => [l.problem, l.task, l.lower, l.upper, 'point' in l])).toEqual(
      archive.map((l) => [l.problem, 'definite', l.lower, l.upper, false]),
    );
  }, 120_000);
});
