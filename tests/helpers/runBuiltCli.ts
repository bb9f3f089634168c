import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository root and the CLI as `npm test` builds it (the tests run it as a user does). */
export const REPO_ROOT = resolve(__dirname, '../..');
export const SAGGA_BIN = resolve(REPO_ROOT, 'bin/sagga.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunBuiltCliOptions {
  /** Node options before the CLI script, e.g. `['--import', hook]`. */
  readonly nodeArgs?: readonly string[];
  /** Added to this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * `sagga <args>` in a child process from the repository root. Asynchronous, so a test can run
 * several at once and the event loop stays free for servers the CLI talks to.
 */
export function runBuiltCli(args: readonly string[], options: RunBuiltCliOptions = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SAGGA_BIN, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env === undefined ? process.env : { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}
