import { availableParallelism } from 'node:os';
import { tryParseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/toInfix.js';
import { ProcessPool, type PoolCodec } from '../targets/process/processPool.js';
import { runProbe } from '../targets/process/runProbe.js';
import { packageFile } from '../util/packageFile.js';
import type { Judge, PairVerdict } from './judgeEvalTypes.js';

export interface SympySimplifyJudgeOptions {
  /** Python with sympy. Default: $SAGGA_PYTHON, else Debian's /usr/bin/python3 (python3-sympy). */
  readonly python?: string;
  /** SymPy's time per pair, seconds (default 1, the reference's). */
  readonly timeoutSeconds?: number;
  /** Python processes side by side (default: 2, or 1 on a single core). */
  readonly processes?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

type Outcome = 'zero' | 'nonzero' | 'timeout' | 'error';
interface Reply {
  readonly outcome: Outcome;
  readonly ms: number | null;
}

// SIGALRM only interrupts Python between bytecodes; a pair stuck in one long big-integer operation
// is cut by the pool this much later (and counted as a timeout, as the reference counts it).
const KILL_GRACE_MS = 5000;
const OUTCOMES: readonly string[] = ['zero', 'nonzero', 'timeout', 'error'];

const codec: PoolCodec<{ problem: string; answer: string }, Reply> = {
  encode: (id, request) => JSON.stringify({ id, problem: request.problem, answer: request.answer }),
  decode: (line) => {
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (typeof v !== 'object' || v === null) return undefined;
    const o = v as Record<string, unknown>;
    if (typeof o.id !== 'string' || typeof o.outcome !== 'string' || !OUTCOMES.includes(o.outcome)) return undefined;
    return { id: o.id, reply: { outcome: o.outcome as Outcome, ms: typeof o.ms === 'number' && Number.isFinite(o.ms) ? o.ms : null } };
  },
};

/**
 * The SAGGA reference check as a judge: SymPy's `simplify(f - diff(F, x)) == 0` in
 * `src/judgeEval/sympy_simplify_judge.py` under Debian's Python, with a time limit per pair. As the
 * reference does, a timeout or any error (a text it cannot parse included) counts as `correct`:
 * only a non-zero simplification rejects. Each pair is first read by sagga's whitelisting parser
 * and sent in canonical infix; a pair the parser refuses is not sent, and counts as an error.
 */
export async function sympySimplifyJudge(options: SympySimplifyJudgeOptions = {}): Promise<Judge> {
  const env = options.env ?? process.env;
  const python = options.python ?? (env.SAGGA_PYTHON !== undefined && env.SAGGA_PYTHON !== '' ? env.SAGGA_PYTHON : '/usr/bin/python3');
  const probe = await runProbe([python, '-c', 'import sympy; print(sympy.__version__)']);
  if (!probe.ok) {
    throw new Error(
      `the sympy-simplify judge needs Python 3 with SymPy, but ${python} cannot import sympy (${probe.reason}). ` +
        'Install it with `apt-get install python3-sympy`, or set SAGGA_PYTHON to a Python that has sympy.',
    );
  }
  const timeoutSeconds = options.timeoutSeconds ?? 1;
  const script = packageFile('src/judgeEval/sympy_simplify_judge.py');
  const pool = new ProcessPool(
    {
      argv: [python, script, '--timeout', String(timeoutSeconds)],
      env: { ...env, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
      timeoutMs: timeoutSeconds * 1000 + KILL_GRACE_MS,
      startupGraceMs: 30_000,
      maxInFlight: 1,
      processes: options.processes ?? Math.min(2, availableParallelism()),
    },
    codec,
  );
  await pool.start();
  return {
    name: 'sympy-simplify',
    async judge(pairs, run = {}) {
      const out: PairVerdict[] = new Array(pairs.length);
      const sent: { index: number; key: string; request: { problem: string; answer: string } }[] = [];
      pairs.forEach((p, index) => {
        const f = tryParseExpr(p.problem);
        const F = tryParseExpr(p.answer);
        if (f.ok && F.ok) sent.push({ index, key: p.id, request: { problem: toInfix(f.expr), answer: toInfix(F.expr) } });
        else
          out[index] = {
            id: p.id,
            verdict: 'correct',
            reason: `error (counted correct, as the reference does): cannot read the ${f.ok ? 'answer' : 'problem'}: ${f.ok ? (F as { error: Error }).error.message : f.error.message}`,
            ms: null,
          };
      });
      let done = pairs.length - sent.length;
      // In slices, for progress; the pool keeps every process busy within a slice.
      const SLICE = 64;
      for (let start = 0; start < sent.length; start += SLICE) {
        const slice = sent.slice(start, start + SLICE);
        const results = await pool.run(
          slice.map((s) => ({ key: s.key, request: s.request })),
          run.signal,
        );
        results.forEach((r, j) => {
          const { index } = slice[j];
          const id = pairs[index].id;
          if (r.kind === 'reply') {
            const { outcome, ms } = r.reply;
            out[index] =
              outcome === 'nonzero'
                ? { id, verdict: 'incorrect', reason: 'simplify(f - diff(F)) is not 0', ms }
                : {
                    id,
                    verdict: 'correct',
                    reason: outcome === 'zero' ? 'simplify(f - diff(F)) == 0' : `${outcome} (counted correct, as the reference does)`,
                    ms,
                  };
          } else if (r.kind === 'timeout') {
            out[index] = { id, verdict: 'correct', reason: `timeout (counted correct, as the reference does): ${r.error}`, ms: r.latencyMs };
          } else {
            const why = r.kind === 'oversized' ? `reply of ${r.bytes} bytes` : r.error;
            out[index] = { id, verdict: 'correct', reason: `error (counted correct, as the reference does): ${why}`, ms: r.latencyMs };
          }
        });
        done += slice.length;
        run.onProgress?.(done, pairs.length);
      }
      return out;
    },
    describe: () => ({ timeout_s: timeoutSeconds, sympy_version: probe.stdout.trim(), python }),
    close: () => pool.close(),
  };
}
