import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { LabelledPair } from './readLabelledPairs.js';

/** The SAGGA reference's answer for one pair (see bench/python/reference_check.py). */
export interface ReferenceResult {
  readonly id: string;
  readonly verdict: 'correct' | 'incorrect';
  /** `zero` / `nonzero`: simplify finished; `timeout` and `error` were counted as correct. */
  readonly outcome: 'zero' | 'nonzero' | 'timeout' | 'error';
  /** Time spent on this pair inside Python (parse, diff, simplify), milliseconds. */
  readonly ms: number;
}

export interface ReferenceRun {
  readonly results: readonly ReferenceResult[];
  /** Wall time including interpreter start and `import sympy`, milliseconds. */
  readonly wallMs: number;
}

export interface ReferenceOptions {
  readonly python: string;
  readonly timeoutSeconds: number;
}

// Next to this file when run from source, two levels up when run from dist/bench/.
const SCRIPT = [
  fileURLToPath(new URL('./python/reference_check.py', import.meta.url)),
  fileURLToPath(new URL('../../bench/python/reference_check.py', import.meta.url)),
].find((p) => existsSync(p)) ?? 'bench/python/reference_check.py';

/** Run the reference check on `pairs` in one Python process, sequentially, as the reference did. */
export function runReferenceCheck(pairs: readonly LabelledPair[], opts: ReferenceOptions): Promise<ReferenceRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(opts.python, [SCRIPT, '--timeout', String(opts.timeoutSeconds)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`${opts.python} ${SCRIPT} exited with ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      const results = stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as ReferenceResult);
      if (results.length !== pairs.length) {
        reject(new Error(`reference answered ${results.length} of ${pairs.length} pairs: ${stderr.slice(-2000)}`));
        return;
      }
      resolve({ results, wallMs });
    });
    child.stdin.end(pairs.map((p) => JSON.stringify({ id: p.id, problem: p.problem, answer: p.answer })).join('\n') + '\n');
  });
}
