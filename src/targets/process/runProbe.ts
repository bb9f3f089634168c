import { execFile } from 'node:child_process';

export type ProbeResult = { readonly ok: true; readonly stdout: string } | { readonly ok: false; readonly reason: string };

/**
 * Run a short command once (no shell) to see whether a dependency is there, e.g. `python3 -c
 * "import sympy"`, in `env` (default: this process's environment). Resolves with its stdout, or with a
 * one-line reason it failed; never rejects.
 */
export function runProbe(argv: readonly string[], input = '', timeoutMs = 60_000, env?: Readonly<Record<string, string | undefined>>): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const child = execFile(
      argv[0],
      argv.slice(1),
      { timeout: timeoutMs, maxBuffer: 1 << 20, windowsHide: true, ...(env !== undefined ? { env } : {}) },
      (err, stdout, stderr) => {
        if (err === null) {
          resolve({ ok: true, stdout: String(stdout) });
          return;
        }
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          resolve({ ok: false, reason: `${argv[0]} was not found` });
          return;
        }
        if (code === 'EACCES') {
          resolve({ ok: false, reason: `${argv[0]} is not executable` });
          return;
        }
        const lastLine = String(stderr).trim().split('\n').pop() ?? '';
        resolve({ ok: false, reason: lastLine !== '' ? lastLine : err.message });
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}
