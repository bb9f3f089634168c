import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../../helpers/runBuiltCli.js';

/*
 * The integrate task behind the Task seam is sagga as it was before tasks, byte for byte: a small
 * fixed-seed search against the deterministic planted-bug model writes the files the build before
 * the seam wrote. The hashes below were taken from that build (commit 353b82a: the same command,
 * run from a copy of its dist/, bin/, seeds/ and examples/); generations.jsonl is compared without
 * `seconds`, the only field that depends on the clock. A change to the search itself changes
 * them: take them again from the build before the change, never from the build under test.
 *
 * One change since moved generations.jsonl alone (commit e9acc68: answers are used again only for
 * the text they were given to): generation 4 pays 56 shrinking calls instead of 40, the probes the
 * build before answered from another writing of the same key; the archive and evaluated.jsonl are
 * byte for byte those of 353b82a. The generations hash is that build's with only those two counts
 * (calls.shrinking, target_calls of generation 4) moved, checked line by line against f8ac797.
 */
const PINNED = {
  archive: 'dd7349820ce8e01e5db3dbb56aee39b4dd405da99643ec1ce690a1bb25936a71',
  evaluated: 'f1a6620c5704a35bcc6afd2de308f9ac8482ee0a16707276d470b58ff33798e5',
  generations: '9b45f880307fb3ccec9ae0f7961631bc73e553ab52c4f062409a36d9616c1036',
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
      // The build before tasks shrank on --shrink-calls alone; the per-node budget's default came later.
      '--shrink-calls-per-node',
      '0',
      // and drew every known bug's forms alike (the lean toward the newest bugs came later).
      '--bug-lean',
      'none',
      // and asked every new problem, however many of its shape were asked before (the cap came later).
      '--shape-cap',
      '0',
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
