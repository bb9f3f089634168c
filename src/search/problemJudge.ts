import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import { paramsField } from '../tasks/storedProblem.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import type { Task, TaskParams, TaskProblem } from '../tasks/task.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { proveByReference, type Reference } from '../judge/proveByReference.js';
import type { Target, TargetAnswer, TargetProblem } from '../targets/types.js';
import type { CallGate } from './callGate.js';
import type { Lane } from './grantRounds.js';
import type { AskedProblem } from './searchTypes.js';

/** A judgement with what it took: `deferred` when a needed call could not be made (see `prove`). */
export interface ProvedJudgement {
  readonly judgement: Judgement;
  readonly calls: number;
  readonly deferred: boolean;
}

/**
 * Turns a target's answers into the generation's verdicts: Fail@k (`judgeOutcome`), proofs by the
 * references for failures without a wrong answer, and confirmation of timeouts. Every call it makes
 * goes through the generation's `CallGate`; it adds up the time spent verifying.
 */
export class ProblemJudge {
  verifySeconds = 0;

  constructor(
    private readonly gate: CallGate,
    private readonly target: Target,
    private readonly references: readonly Target[],
    /** The task's verifier. */
    private readonly verify: VerifyPair<TaskProblem>,
    /** The task: it writes a problem's text as targets are sent it (default integrate). */
    private readonly task: Task = integrateTask,
  ) {}

  async judge(problem: ProblemOf, answers: readonly TargetAnswer[]): Promise<Judgement> {
    const judged = await judgeOutcome(asTaskProblem(problem), answers, this.verify);
    this.verifySeconds += judged.verifySeconds;
    return judged.judgement;
  }

  /**
   * Ask the references about a failure without a proof. `deferred`: a reference that was needed
   * could not be asked (the budget is spent or the run is stopping), so nothing is decided yet: the
   * problem is asked again once the budget allows (its own answers are kept), never recorded as
   * unproven for want of a call. `lane`: whose work the calls are.
   */
  async prove(asked: ProblemOf, key: string, judgement: Judgement, purpose: 'references' | 'shrinking', lane?: Lane): Promise<ProvedJudgement> {
    if (judgement.status !== 'fail' || judgement.proof !== null || this.references.length === 0) return { judgement, calls: 0, deferred: false };
    const problem = asTargetProblem(asked, key, this.task);
    let unasked = false;
    const references: Reference[] = this.references.map((target) => ({
      name: target.name,
      ask: async () => {
        const answers = await this.gate.call(target, target.name, problem, purpose, lane);
        if (answers !== null) return answers;
        unasked = true;
        return [{ status: 'error', text: '', error: 'not asked: budget', latencyMs: 0 }];
      },
    }));
    const proven = await proveByReference(asTaskProblem(asked), judgement, references, this.verify);
    const settled = proven.judgement.status === 'fail' && proven.judgement.proof !== null;
    return { ...proven, deferred: unasked && !settled };
  }

  /**
   * A time limit is exceeded by a slow moment of the machine as well as by a hard problem: a proven
   * timeout counts only when a second ask (a call of its own) times out too; otherwise the second
   * ask's judgement stands. Undefined: the second ask could not be made (the budget), so nothing is
   * decided yet. `lane`: whose work the calls are.
   */
  async confirmTimeout(problem: AskedProblem, judgement: Judgement, lane?: Lane): Promise<Judgement | undefined> {
    if (judgement.status !== 'fail' || judgement.kind !== 'timeout' || judgement.proof === null) return judgement;
    const again = await this.gate.call(this.target, undefined, { ...problem, key: `${problem.key}#confirm`, repeat: 1 }, 'problems', lane);
    if (again === null) return undefined;
    const second = await this.judge(problem, again);
    if (second.status === 'fail' && second.kind === 'timeout') return judgement;
    if (second.status === 'error') return second;
    const proved = await this.prove(problem, problem.key, second, 'references', lane);
    return proved.deferred ? undefined : proved.judgement;
  }
}

/** A problem of the search: its tree, and the task's parameters when it has any. */
export type ProblemOf = { readonly expr: Expr; readonly params?: TaskParams };

function asTaskProblem(problem: ProblemOf): TaskProblem {
  return { expr: problem.expr, params: problem.params ?? {} };
}

/** A problem as a probe asks it: its id names its key (a confirmation's key carries `#n`, and it is repeat n); its text as `task` writes it. */
export function asTargetProblem(problem: ProblemOf, key: string, task: Task, repeat = 0): TargetProblem & { key: string } {
  const asked = asTaskProblem(problem);
  return {
    id: `probe-${key}`,
    key,
    expr: problem.expr,
    infix: task.problemText(asked, 'infix'),
    latex: task.problemText(asked, 'latex'),
    ...paramsField(problem.params),
    ...(repeat > 0 ? { repeat } : {}),
  };
}
