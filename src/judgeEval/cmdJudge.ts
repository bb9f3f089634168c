import { ProcessPool, type PoolCodec } from '../targets/process/processPool.js';
import { splitCommandLine } from '../targets/process/splitCommandLine.js';
import { redactSecrets } from '../util/redactSecrets.js';
import { terminalSafe } from '../util/terminalSafe.js';
import type { Judge, JudgeVerdict, PairVerdict } from './judgeEvalTypes.js';

export interface CmdJudgeOptions {
  /** The command line after `cmd:`, split like a shell would, never run by one. */
  readonly command: string;
  /** How long one pair may go unanswered (default 60 s); an unanswered pair is undecided. */
  readonly timeoutMs?: number;
  /** Pairs in flight at once (default 8). */
  readonly maxInFlight?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

type Reply = { readonly verdict: JudgeVerdict; readonly note?: string };

const VERDICTS: readonly string[] = ['correct', 'incorrect', 'unknown'];

const codec: PoolCodec<{ problem: string; answer: string }, Reply> = {
  encode: (id, pair) => JSON.stringify({ id, problem: pair.problem, answer: pair.answer }),
  decode: (line) => {
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (typeof v !== 'object' || v === null || typeof (v as { id?: unknown }).id !== 'string') return undefined;
    const { id, verdict } = v as { id: string; verdict?: unknown };
    // A reply for the pair that says something else than the three verdicts is no verdict.
    if (typeof verdict === 'string' && VERDICTS.includes(verdict)) return { id, reply: { verdict: verdict as JudgeVerdict } };
    return { id, reply: { verdict: 'unknown', note: `unreadable verdict ${terminalSafe(JSON.stringify(verdict ?? null)).slice(0, 80)}` } };
  },
};

/**
 * Any program as a judge, `cmd:<command>`: it is started once and gets one JSON line per pair on
 * stdin, `{"id", "problem", "answer"}` (the texts as the pairs file gives them), and answers each
 * with one line, in any order, `{"id", "verdict": "correct"|"incorrect"|"unknown"}`. Other stdout
 * lines are ignored. A verdict that is none of the three, a pair left unanswered within the time
 * limit, or a program that keeps crashing gives `unknown` for that pair: the judge's fault, counted
 * as undecided. The process pool restarts a crashed program and sends its pairs again.
 */
export async function cmdJudge(options: CmdJudgeOptions): Promise<Judge> {
  const argv = splitCommandLine(options.command);
  const commandLine = redactSecrets(options.command);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pool = new ProcessPool({ argv, timeoutMs, maxInFlight: options.maxInFlight ?? 8, ...(options.env !== undefined ? { env: options.env } : {}) }, codec);
  await pool.start();
  return {
    name: `cmd:${commandLine}`,
    async judge(pairs, run = {}) {
      const out: PairVerdict[] = [];
      const SLICE = 256;
      for (let start = 0; start < pairs.length; start += SLICE) {
        const slice = pairs.slice(start, start + SLICE);
        const results = await pool.run(
          slice.map((p) => ({ key: p.id, request: { problem: p.problem, answer: p.answer } })),
          run.signal,
        );
        results.forEach((r, j) => {
          const id = slice[j].id;
          if (r.kind === 'reply') out.push({ id, verdict: r.reply.verdict, reason: r.reply.note ?? `the program said ${r.reply.verdict}`, ms: r.latencyMs });
          else if (r.kind === 'timeout') out.push({ id, verdict: 'unknown', reason: `no verdict: ${r.error}`, ms: r.latencyMs });
          else out.push({ id, verdict: 'unknown', reason: `no verdict: ${r.kind === 'oversized' ? `a reply of ${r.bytes} bytes` : r.error}`, ms: r.latencyMs });
        });
        run.onProgress?.(out.length, pairs.length);
      }
      return out;
    },
    describe: () => ({ command: commandLine, time_limit_ms: timeoutMs }),
    close: () => pool.close(),
  };
}
