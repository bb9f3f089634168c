import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { REPO_ROOT, SAGGA_BIN, type CliRun } from '../helpers/runBuiltCli.js';

function runWithoutTransformers(args: readonly string[]): Promise<CliRun> {
  const hook = join(REPO_ROOT, 'tests/fixtures/hide-module/hideTransformers.mjs');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', hook, SAGGA_BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

describe('@xenova/transformers is optional', () => {
  it('without it, the default structural embedder works and asking for transformers says how to install it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sagga-no-transformers-'));
    const [check, asked] = await Promise.all([
      runWithoutTransformers(['check', 'x', 'x^2/2']),
      runWithoutTransformers(['search', '--target', 'nerdamer', '--embedder', 'transformers:tests/fixtures/tiny-model', '--out', join(work, 'run')]),
    ]);
    expect(check.status).toBe(0);
    expect(asked.status).toBe(64);
    expect(asked.stderr).toMatch(/optional package @xenova\/transformers is not installed; install it with `npm install @xenova\/transformers/);
    expect(asked.stderr).not.toMatch(/\n\s+at /);
  });
});
