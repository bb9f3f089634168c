import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export interface PythonJsonLinesOptions {
  /** `pipe`: keep Python's stderr and quote its end when the script fails; `inherit`: show it as it comes. */
  readonly stderr: 'pipe' | 'inherit';
}

export interface PythonJsonLinesRun<T> {
  /** One parsed JSON object per non-empty line the script printed. */
  readonly replies: T[];
  /** What the script wrote to stderr (empty with `inherit`). */
  readonly stderr: string;
  /** Wall time including interpreter start and the script's imports, milliseconds. */
  readonly wallMs: number;
}

/**
 * Run `python bench/python/<script> ...args` in one process: `requests` go to its stdin as JSON
 * lines (then end of input), and each line it prints is one JSON reply. Rejects when Python cannot
 * be started or the script exits with a non-zero code.
 */
export function runPythonJsonLines<T>(
  python: string,
  script: string,
  args: readonly string[],
  requests: readonly unknown[],
  options: PythonJsonLinesOptions,
): Promise<PythonJsonLinesRun<T>> {
  // Next to this file when run from source, two levels up when run from dist/bench/.
  const path =
    [fileURLToPath(new URL(`./python/${script}`, import.meta.url)), fileURLToPath(new URL(`../../bench/python/${script}`, import.meta.url))].find((p) =>
      existsSync(p),
    ) ?? `bench/python/${script}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(python, [path, ...args], { stdio: ['pipe', 'pipe', options.stderr] });
    let stdout = '';
    let stderr = '';
    // stdin and stdout are pipes (stdio above), never null; stderr is null when inherited.
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The scripts of bench/python all import SymPy.
    child.on('error', (err) => reject(new Error(`cannot run ${python} (install python3-sympy): ${err.message}`)));
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`${python} ${path} exited with ${code}${stderr === '' ? '' : `: ${stderr.slice(-2000)}`}`));
        return;
      }
      const replies = stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as T);
      resolve({ replies, stderr, wallMs });
    });
    child.stdin!.end(requests.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
}
