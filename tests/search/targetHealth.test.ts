import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/jsonLines.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * A target that breaks in the middle of a run (alive, but answering every problem with a refusal)
 * must not turn the broken stretch into archived failures: after 20 non-answers in a row
 * (or any at the end of a generation) sagga re-checks it on the canaries; one that fails is
 * restarted, the problems since it last worked are asked again, and one that is still broken stops
 * the run with exit status 70 and the check's message. The model is the power-rule example behind
 * tests/fixtures/cmd/breaks-midway.mjs, which marks its broken answers "(broken)".
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-health-'));
const FIXTURE = 'tests/fixtures/cmd/breaks-midway.mjs';
const RUN = ['--generation-size', '60', '--seed-size', '10', '--clusters', '2', '--rng-seed', 'health', '--concurrency', '2', '--shrink-calls', '0', '--json'];

interface ArchiveLine {
  problem: string;
  kind: string;
  answers: { text: string }[];
  proof: { by: string } | null;
}

describe('a target that breaks in the middle of a run', () => {
  it('recovers when a restart fixes it: nothing from the broken stretch is archived, the run completes', async () => {
    const out = join(work, 'recovers');
    // Breaks after 90 requests: inside generation 2 of 3 (60 problems each, plus the canaries), with
    // a whole generation after the one it broke in.
    const r = await runBuiltCli(['search', '--target', `cmd:node ${FIXTURE} 90`, '--out', out, '--max-generations', '3', ...RUN]);
    expect(r.status, r.stderr).toBe(0);
    const archive = jsonLines<ArchiveLine>(join(out, 'archive.jsonl'));
    expect(archive.length).toBeGreaterThan(0);
    for (const line of archive) {
      expect(line.proof, line.problem).not.toBeNull();
      for (const a of line.answers) expect(a.text).not.toMatch(/broken/);
    }
    const generations = jsonLines<{ generation: number; calls: { health: number }; errors: number }>(join(out, 'generations.jsonl'));
    expect(generations.map((g) => g.generation)).toEqual([1, 2, 3]);
    // The target was re-checked (two checks: the failed one and the one after the restart) and the
    // revoked problems came back as transport errors, to be asked again.
    const checked = generations.filter((g) => g.calls.health >= 12);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.some((g) => g.errors >= 1)).toBe(true);
  }, 180_000);

  it("stops with exit status 70 and the health check's message when it stays broken after a restart", async () => {
    const out = join(work, 'stays-broken');
    const state = join(work, 'broken-state');
    const r = await runBuiltCli(['search', '--target', `cmd:node ${FIXTURE} 100 ${state}`, '--out', out, '--max-generations', '6', ...RUN]);
    expect(r.status, r.stderr).toBe(70);
    expect(r.stderr).toMatch(/the target stopped working after generation \d+: the target .* failed its health check/);
    expect(r.stderr).toMatch(/I cannot solve this \(broken\)|declined/);
    for (const line of jsonLines<ArchiveLine>(join(out, 'archive.jsonl'))) for (const a of line.answers) expect(a.text).not.toMatch(/broken/);
    expect(JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')).engine.stopReason).toBe('target-broken');
  }, 180_000);
});
