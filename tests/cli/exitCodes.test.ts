import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import { REPO_ROOT, runBuiltCli, SAGGA_BIN } from '../helpers/runBuiltCli.js';

/** `sagga <args>` with its stdout closed by the reader before sagga writes anything (a pipe into a `head` that is done). */
function withClosedStdout(args: readonly string[]): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SAGGA_BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed now, while the child is still starting: its first write finds no reader (EPIPE).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', fail);
    child.on('close', (status, signal) => done({ status, signal, stderr }));
  });
}

// The built CLI in a child process: exit statuses and stderr are what a shell script sees.
describe('exit statuses', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-exit-'));

  it('usage errors exit 64, never a verdict code', async () => {
    const runs = await Promise.all([
      runBuiltCli(['check', 'x']), // missing argument
      runBuiltCli(['check', '--no-such-option', 'x', 'x^2/2']),
      runBuiltCli(['no-such-command']),
      runBuiltCli(['search', '--concurrency', 'many']),
      runBuiltCli(['integrate', 'x']), // no --target
    ]);
    for (const r of runs) {
      expect(r.status, r.stderr).toBe(EXIT.usage);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('check keeps 0 / 1 / 2 for correct / incorrect / unknown or invalid; help and version exit 0', async () => {
    const [correct, incorrect, invalid, help, version] = await Promise.all([
      runBuiltCli(['check', 'x*cos(x)', 'x*sin(x) + cos(x)']),
      runBuiltCli(['check', 'x*cos(x)', 'x*sin(x)']),
      runBuiltCli(['check', 'x*cos(x)', 'import("fs")']),
      runBuiltCli(['--help']),
      runBuiltCli(['--version']),
    ]);
    expect([correct.status, incorrect.status, invalid.status]).toEqual([0, 1, 2]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Exit status:[\s\S]*64 +usage error/);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an output in a missing folder is one line naming the path (73); a missing input is 66', async () => {
    const input = join(work, 'pairs.jsonl');
    writeFileSync(input, '{"problem":"x","answer":"x^2/2"}\n');
    const missingFolder = join(work, 'no', 'such', 'dir');
    const out = await runBuiltCli(['verify', '-i', input, '-o', join(missingFolder, 'x.jsonl')]);
    expect(out.status).toBe(EXIT.cantCreate);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toContain(missingFolder);
    expect(out.stderr).not.toMatch(/\n\s+at /);

    const augment = await runBuiltCli(['augment', 'backward', '--n', '1', '-o', join(missingFolder, 'y.jsonl')]);
    expect(augment.status).toBe(EXIT.cantCreate);
    expect(augment.stderr).toContain(missingFolder);

    const noInput = await runBuiltCli(['verify', '-i', join(work, 'missing.jsonl')]);
    expect(noInput.status).toBe(EXIT.noInput);
    expect(noInput.stderr).toMatch(/input file not found/);
  });

  it('a missing seed file exits 66 (a missing input), an unknown seed set name stays a usage error (64)', async () => {
    const missing = join(work, 'no-such-seeds.txt');
    const [file, name] = await Promise.all([
      runBuiltCli(['search', '--target', 'nerdamer', '--seeds', missing, '--out', join(work, 'seedless')]),
      runBuiltCli(['search', '--target', 'nerdamer', '--seeds', 'polynomials', '--out', join(work, 'seedless-2')]),
    ]);
    expect(file.status, file.stderr).toBe(EXIT.noInput);
    expect(file.stderr).toContain(`seed file not found: ${missing}`);
    expect(file.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(work, 'seedless', 'config.json'))).toBe(false);
    expect(name.status, name.stderr).toBe(EXIT.usage);
  });

  it('output into a pipe its reader closed (search --help | head -3) ends quietly with 141, never an EPIPE crash', async () => {
    const runs = await Promise.all([withClosedStdout(['search', '--help']), withClosedStdout(['--help']), withClosedStdout(['check', 'x', 'x^2/2'])]);
    for (const r of runs) {
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
      expect(r.stderr).toBe('');
      expect(r.signal).toBeNull();
      expect(r.status).toBe(EXIT.closedPipe);
    }
  });
});
