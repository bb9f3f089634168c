import type { LabelledPair } from '../testkit/readLabelledPairs.js';
import { runPythonJsonLines } from './runPythonJsonLines.js';

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

/** Run the reference check on `pairs` in one Python process, sequentially, as the reference did. */
export async function runReferenceCheck(pairs: readonly LabelledPair[], opts: ReferenceOptions): Promise<ReferenceRun> {
  const run = await runPythonJsonLines<ReferenceResult>(
    opts.python,
    'reference_check.py',
    ['--timeout', String(opts.timeoutSeconds)],
    pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer })),
    { stderr: 'pipe' },
  );
  if (run.replies.length !== pairs.length) throw new Error(`reference answered ${run.replies.length} of ${pairs.length} pairs: ${run.stderr.slice(-2000)}`);
  return { results: run.replies, wallMs: run.wallMs };
}
