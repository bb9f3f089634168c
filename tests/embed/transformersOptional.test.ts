import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runBuiltCli, type CliRun } from '../helpers/runBuiltCli.js';

function runWithoutTransformers(args: readonly string[]): Promise<CliRun> {
  return runBuiltCli(args, { nodeArgs: ['--import', join(REPO_ROOT, 'tests/fixtures/hide-module/hideTransformers.mjs')] });
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
