import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

// The target's own settings (Target.describe) are recorded in config.json and compared on --resume:
// a time limit is not a search setting, yet it changes which problems time out.

const RUN = [
  '--target',
  'cmd:node examples/cmd-target/power-rule.mjs',
  '--generation-size',
  '40',
  '--seed-size',
  '6',
  '--clusters',
  '2',
  '--max-generations',
  '1',
  '--rng-seed',
  'target-settings',
  '--time-limit',
  '20000',
  // The target's settings are the point here, not its health or the failures: no canary check, and
  // no CAS started to prove the power-rule model's declines.
  '--no-canaries',
  '--reference',
  'none',
  '--json',
];

describe('sagga search --resume: target settings', () => {
  it('records the target settings and refuses a resume with a different --time-limit, naming it', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-target-settings-')), 'run');
    const first = await runBuiltCli(['search', ...RUN, '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { target: { name: string; settings: Record<string, unknown> } };
    expect(config.target).toEqual({
      name: 'cmd:node examples/cmd-target/power-rule.mjs',
      settings: { command: 'node examples/cmd-target/power-rule.mjs', time_limit_ms: 20_000, startup_timeout_ms: 30_000 },
    });

    const refused = await runBuiltCli(['search', '--resume', out, '--time-limit', '1000', '--max-generations', '2']);
    expect(refused.status).toBe(64);
    expect(refused.stderr).toMatch(/refusing to resume/);
    expect(refused.stderr).toContain('--target: the run has {"time_limit_ms":20000}, now {"time_limit_ms":1000}');
    expect(refused.stderr).toMatch(/--force-resume/);
    expect(readFileSync(join(out, 'generations.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
    // The start-up grace of a cmd: program is a target setting as well.
    const graceRefused = await runBuiltCli(['search', '--resume', out, '--time-limit', '20000', '--startup-timeout', '5', '--max-generations', '2']);
    expect(graceRefused.status).toBe(64);
    expect(graceRefused.stderr).toContain('--target: the run has {"startup_timeout_ms":30000}, now {"startup_timeout_ms":5000}');

    const same = await runBuiltCli(['search', '--resume', out, '--time-limit', '20000', '--max-generations', '2', '--json']);
    expect(same.stderr).not.toMatch(/refusing/);
    expect(same.status).toBe(0);

    const forced = await runBuiltCli(['search', '--resume', out, '--time-limit', '1000', '--max-generations', '3', '--force-resume', '--json']);
    expect(forced.status).toBe(0);
    const after = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { resumes: Array<{ forced: boolean; changed: Array<{ setting: string }> }> };
    expect(after.resumes.at(-1)!.forced).toBe(true);
    expect(after.resumes.at(-1)!.changed.map((c) => c.setting)).toContain('target');
  }, 120_000);
});
