import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { LineFields, TaskProblem } from '../tasks/task.js';
import type { Judgement } from '../judge/judgeTypes.js';
import type { TargetAnswer } from '../targets/types.js';
import type { VerifyResult } from '../verify/types.js';
import type { EvalProblem, EvalProblemResult } from './evalTypes.js';

const MISSING: TargetAnswer = { status: 'no-answer', text: '', error: 'the target gave fewer answers than asked for', latencyMs: 0 };

/**
 * Verify all n answers of a problem (every one, also after a correct one: pass@k counts them) and
 * decide Fail@k on the first k answers for each k, and on all n (`N`), with the search's rule
 * (`judgeOutcome`). Each answer is verified once, whatever the number of k. Answers the target did
 * not give count as no answer. `verify` is the task's verifier; `taskFields` the task's fields of
 * the problem's line (none for integrate).
 */
export async function judgeSamples(
  problem: EvalProblem,
  given: readonly TargetAnswer[],
  n: number,
  ks: readonly number[],
  verify: VerifyPair<TaskProblem>,
  taskFields: LineFields = {},
): Promise<EvalProblemResult> {
  const answers = given.slice(0, n);
  while (answers.length < n) answers.push(MISSING);
  const memo = new Map<Expr, VerifyResult | Promise<VerifyResult>>();
  const once: VerifyPair<TaskProblem> = (p, a) => {
    let r = memo.get(a);
    if (r === undefined) {
      r = verify(p, a);
      memo.set(a, r);
    }
    return r;
  };
  const asked: TaskProblem = { expr: problem.expr, params: problem.params ?? {} };
  const all = await judgeOutcome(asked, answers, once, { checkAll: true });
  const status: Record<string, Judgement['status']> = {};
  for (const k of ks) status[String(k)] = k === n ? all.judgement.status : (await judgeOutcome(asked, answers.slice(0, k), once)).judgement.status;
  status.N = all.judgement.status;
  const correct = all.judgement.answers.filter((r) => r.verdict === 'correct').length;
  return {
    id: problem.id,
    problem: problem.problem,
    // A task's name and parameters follow the problem, as on a run's lines; integrate's have none.
    ...taskFields,
    groups: problem.groups,
    ...(problem.archived !== undefined ? { archived: problem.archived } : {}),
    correct,
    n,
    status,
    ...(all.judgement.status === 'fail'
      ? { kind: all.judgement.kind, proof: all.judgement.proof, ...(all.judgement.unproven !== undefined ? { unproven: all.judgement.unproven } : {}) }
      : {}),
    answers: all.judgement.answers,
  };
}
