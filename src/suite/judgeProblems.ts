import { toInfix } from '../expr/print.js';
import { toLatex } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { AnswerRecord, Judgement } from '../judge/judgeTypes.js';
import type { Target } from '../targets/types.js';
import type { VerifyResult } from '../verify/types.js';
import type { JudgedProblem, SuiteProblem } from './suiteTypes.js';

export interface JudgeProblemsOptions {
  /** Problems handed to the target per `solve` call (bounds memory and gives progress). */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Ask the target once for max(ks) answers per problem and judge Fail@k for every k on the first k
 * answers (`judgeOutcome`, the search's rule). A verdict is computed once per answer and reused
 * for every k.
 */
export async function judgeProblems(
  target: Target,
  problems: readonly SuiteProblem[],
  ks: readonly number[],
  verify: VerifyPair,
  options: JudgeProblemsOptions = {},
): Promise<JudgedProblem[]> {
  const maxK = Math.max(...ks);
  const batchSize = options.batchSize ?? 256;
  const out: JudgedProblem[] = [];
  for (let start = 0; start < problems.length; start += batchSize) {
    if (options.signal?.aborted) throw new Error('interrupted');
    const batch = problems.slice(start, start + batchSize);
    const outcomes = await target.solve(
      batch.map((p) => ({ id: p.id, expr: p.expr, infix: toInfix(p.expr), latex: toLatex(p.expr) })),
      maxK,
      options.signal,
    );
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i];
      const answers = outcomes[i]?.answers ?? [];
      const memo = new Map<Expr, VerifyResult | Promise<VerifyResult>>();
      const cached: VerifyPair = (problem, answer) => {
        let r = memo.get(answer);
        if (r === undefined) {
          r = verify(problem, answer);
          memo.set(answer, r);
        }
        return r;
      };
      const status: Record<string, Judgement['status']> = {};
      let records: readonly AnswerRecord[] = [];
      for (const k of [...ks].sort((a, b) => a - b)) {
        const { judgement } = await judgeOutcome(p.expr, answers.slice(0, k), cached);
        status[String(k)] = judgement.status;
        records = judgement.answers;
      }
      out.push({ id: p.id, row: p.row, problem: toInfix(p.expr), status, answers: records });
    }
    options.onProgress?.(Math.min(start + batchSize, problems.length), problems.length);
  }
  return out;
}
