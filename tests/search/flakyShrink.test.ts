import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/jsonLines.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * A model that fails each problem on every other ask (tests/fixtures/cmd/flaky.mjs). The failures
 * it shows are real wrong answers, archived under Fail@1; but shrinking must not take one failing
 * ask of a smaller problem as proof that it fails too: a `cmd:` program is not known to be
 * deterministic, so a step needs a confirming ask, which this model answers correctly. Without it,
 * every failure would shrink to a trivial problem (`1`, `x`) the model usually solves. One process
 * (`--concurrency 1`), so that the model counts every ask of a problem.
 */
const work = mkdtempSync(join(tmpdir(), 'sagga-flaky-'));

describe('shrinking against a model that fails half the time', () => {
  it('takes no step on one failing ask: each step is confirmed by a second ask', async () => {
    const out = join(work, 'run');
    const run = await runBuiltCli([
      'search',
      '--target',
      'cmd:node tests/fixtures/cmd/flaky.mjs',
      '--no-canaries',
      '--reference',
      'none',
      '--out',
      out,
      '--rng-seed',
      'flaky',
      '--generation-size',
      '40',
      '--seed-size',
      '8',
      '--clusters',
      '2',
      '--max-generations',
      '2',
      '--concurrency',
      '1',
      '--json',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const archive = jsonLines<{ problem: string; minimal: { problem: string }; shrink?: { steps: number; probes: number; calls: number } }>(
      join(out, 'archive.jsonl'),
    );
    expect(archive.length).toBeGreaterThan(0);
    const shrunk = archive.filter((a) => a.shrink !== undefined && a.shrink.probes > 0);
    expect(shrunk.length).toBeGreaterThan(0);
    for (const line of shrunk) {
      expect(line.shrink!.steps, line.problem).toBe(0);
      expect(line.minimal.problem).toBe(line.problem);
      // A candidate failed on its first ask and was asked again: more calls than probes.
      expect(line.shrink!.calls).toBeGreaterThan(line.shrink!.probes);
    }
  }, 180_000);
});
