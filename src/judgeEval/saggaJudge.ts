import { verifyBatch } from '../verify/verifyBatch.js';
import type { Judge, JudgeVerdict, PairVerdict } from './judgeEvalTypes.js';

export interface SaggaJudgeOptions {
  /** Worker threads (default: the machine's cores; `verifyBatch` stays in-process for small sets). */
  readonly workers?: number;
}

/**
 * sagga's own verifier as a judge (`verifyBatch`, with the budget every command uses): `correct`
 * and `incorrect` as it decides them; `unknown` and `invalid` (a text the whitelisting parser
 * refuses) are undecided.
 */
export function saggaJudge(options: SaggaJudgeOptions = {}): Judge {
  return {
    name: 'sagga',
    async judge(pairs, run = {}) {
      const results = await verifyBatch(
        pairs.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer })),
        { ...(options.workers !== undefined ? { workers: options.workers } : {}), signal: run.signal, onProgress: run.onProgress },
      );
      return results.map((r, i): PairVerdict => {
        const verdict: JudgeVerdict = r.verdict === 'correct' || r.verdict === 'incorrect' ? r.verdict : 'unknown';
        return { id: pairs[i].id, verdict, reason: r.verdict === 'invalid' ? `invalid: ${r.reason}` : r.reason, ms: r.ms };
      });
    },
    describe: () => ({ verifier: 'sagga', workers: options.workers ?? null }),
    close: async () => {},
  };
}
