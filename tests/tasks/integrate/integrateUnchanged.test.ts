import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../../helpers/runBuiltCli.js';

/*
 * The integrate task behind the Task seam is sagga as it was before tasks, byte for byte: a small
 * fixed-seed search against the deterministic planted-bug model writes the files the build before
 * the seam wrote. The hashes below were taken from that build (the same command, run from a copy
 * of its dist/, bin/, seeds/ and examples/); generations.jsonl is compared without `seconds`, the
 * only field that depends on the clock.
 */
const PINNED = {
  archive: '53e507aa9f25da9e50f5d064d0a6aa935ef66b53ca180e9d2233629e9ee1b664',
  evaluated: 'a57086525cb11238e0c06621cc703b995d06cbdfda80b20f7a9641a8f9fdb5e3',
  generations: '13a55e79aaba37e2d004e729dd3d9ceaa07ead22bd71283e3fbc20d3683a9153',
};

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

describe('integrate, behind the Task seam', () => {
  it('writes the archive, evaluated and generation lines it wrote before tasks on a fixed seed', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-integrate-pin-')), 'run');
    const run = await runBuiltCli([
      'search',
      '--target',
      'cmd:node examples/cmd-target/planted-bugs.mjs',
      '--reference',
      'none',
      '--no-canaries',
      '--rng-seed',
      'pin',
      '--generation-size',
      '80',
      '--max-generations',
      '4',
      '--seed-size',
      '10',
      '--clusters',
      '3',
      '--concurrency',
      '2',
      '--json',
      '--out',
      out,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const generations = readFileSync(join(out, 'generations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { seconds: _seconds, ...rest } = JSON.parse(line) as { seconds: unknown };
        return JSON.stringify(rest);
      })
      .join('\n');
    expect({
      archive: sha256(readFileSync(join(out, 'archive.jsonl'))),
      evaluated: sha256(readFileSync(join(out, 'evaluated.jsonl'))),
      generations: sha256(generations),
    }).toEqual(PINNED);
    // No task on an integrate run's lines or settings, as before tasks.
    expect(readFileSync(join(out, 'archive.jsonl'), 'utf8')).not.toContain('"task"');
    expect((JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { settings: Record<string, unknown> }).settings.task).toBeUndefined();
  }, 120_000);
});
