import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../helpers/runBuiltCli.js';
import { searchOneGeneration } from '../helpers/searchOneGeneration.js';

describe('the report of a task run', () => {
  it("names the run's task and shows each archived problem with its parameters", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sagga-report-limit-')), 'run');
    await searchOneGeneration({
      task: 'limit',
      target: 'cmd:node tests/fixtures/cmd/limit-model.mjs',
      out: dir,
      extra: ['--reference', 'none', '--rng-seed', '4'],
    });
    const archive = readFileSync(join(dir, 'archive.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { problem: string; point: string; direction: string });
    expect(archive.length).toBeGreaterThan(0);
    const report = await runBuiltCli(['report', dir]);
    expect(report.status, report.stderr).toBe(0);
    const page = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(page).toContain('Task: <strong>limit</strong>');
    // Every archived problem is shown with where x goes (its point), as the archive line has it.
    for (const line of archive) expect(page).toContain(`lim x→${line.point}`);
    expect(page).toMatch(/class="muted task-problem">lim x→/);
  }, 300_000);
});
