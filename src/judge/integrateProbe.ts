import type { AnswerStatus, Target } from '../targets/types.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { parametricVerifier } from '../tasks/parametricVerifier.js';
import { readInfixTree } from '../tasks/readInfixTree.js';
import { parameterNames, type ParameterAssumptions } from '../verify/parameterAssumptions.js';
import type { LineFields, Task, TaskParams } from '../tasks/task.js';
import type { Verdict } from '../verify/types.js';
import { judgeOutcome, type VerifyPair } from './judgeOutcome.js';
import type { Judgement } from './judgeTypes.js';

export interface ProbedAnswer {
  readonly status: AnswerStatus;
  /** What the target returned, verbatim. */
  readonly text: string;
  /** The answer in canonical infix, when it could be read. */
  readonly answer?: string;
  /** The verifier's verdict, for answers that could be read. */
  readonly verdict?: Verdict;
  /** The verifier's reason, or why there is nothing to verify. */
  readonly reason: string;
  readonly latencyMs: number;
}

/**
 * `solved`: some answer verified correct. `wrong`: some answer verified incorrect and none correct.
 * `unparseable` / `no-answer` / `timeout`: no answer could be verified, for that reason.
 * `undecided`: the verifier could not decide (or the target had an infrastructure error), which
 * by the generous rule is not a failure.
 */
export type ProbeOutcome = 'solved' | 'wrong' | 'unparseable' | 'no-answer' | 'timeout' | 'undecided';

export type IntegrateProbeResult =
  | {
      readonly ok: true;
      readonly target: string;
      /** The problem in canonical infix (its tree; a task's parameters follow, as on a run's lines). */
      readonly problem: string;
      /** What is assumed of the problem's parameters, when it has any. */
      readonly parameters?: ParameterAssumptions;
      readonly outcome: ProbeOutcome;
      readonly answers: readonly ProbedAnswer[];
    }
  | { readonly ok: false; readonly error: string };

/** A problem of another task than integrate: the task and its parameters (read from the command line). */
export interface ProbedTask {
  readonly task: Task;
  readonly params: TaskParams;
  /** The problem's parameters and what is assumed of each (`--parameter A=positive`); absent without any. */
  readonly parameters?: ParameterAssumptions;
}

/**
 * Ask `target` for up to `k` antiderivatives of one problem given as text (or, with `posed`, answers
 * to that task's problem), and verify each answer. Backs `sagga integrate --target T "<problem>"`.
 * The problem text is user input: it is parsed into the whitelisted tree first, and a parse failure
 * is returned as a value. The outcome is the search's Fail@k judgement, except that every answer is
 * verified so the probe can show them all. `verify` is the antiderivative check, which the task's
 * verifier may use.
 */
export async function integrateProbe(target: Target, problemText: string, k: number, verify: VerifyPair, posed?: ProbedTask): Promise<IntegrateProbeResult> {
  const { task, params: fieldParams, parameters = {} } = posed ?? { task: integrateTask, params: {} };
  const names = parameterNames(parameters);
  // The problem as the task reads it: a tree, or an ODE's equation (its coefficients are parameters of its tree), in its parameters.
  const parsed = task.readProblem(
    problemText,
    names.length === 0 ? readInfixTree : (text, options) => readInfixTree(text, { ...options, parameters: [...(options?.parameters ?? []), ...names] }),
  );
  if (!parsed.ok) return { ok: false, error: `cannot read the problem: ${parsed.error}` };
  const expr = parsed.expr;
  const params = Object.keys(parsed.params).length === 0 ? fieldParams : { ...parsed.params, ...fieldParams };
  const asked = { expr, params };
  const problem = task.problemText(asked, 'infix');
  const withParams = { ...(Object.keys(params).length > 0 ? { params } : {}), ...(names.length > 0 ? { parameters } : {}) };
  const [outcome] = await target.solve(
    [{ id: 'probe', expr, infix: problem, latex: task.problemText(asked, 'latex'), ...withParams }],
    Math.max(1, Math.floor(k)),
  );
  const given = outcome?.answers ?? [];
  const { judgement } = await judgeOutcome(
    { expr, params },
    given,
    parametricVerifier(task.verifier(verify), () => parameters),
    { checkAll: true },
  );
  // Same fields and key order as the JSON printed before: `answer` and `verdict` only for a verified answer.
  const answers = judgement.answers.map(
    (r, i): ProbedAnswer => ({
      status: r.status,
      text: r.text,
      ...(r.verdict !== null ? { answer: r.answer, verdict: r.verdict } : {}),
      reason: r.reason,
      latencyMs: given[i].latencyMs,
    }),
  );
  const fields: LineFields = task.lineFields(params);
  return { ok: true, target: target.name, problem, ...fields, ...(names.length > 0 ? { parameters } : {}), outcome: probeOutcome(judgement), answers };
}

/** A failure keeps its kind; `undecided` and `error` (a lost answer, or none at all) are not failures. */
function probeOutcome(judgement: Judgement): ProbeOutcome {
  switch (judgement.status) {
    case 'pass':
      return 'solved';
    case 'fail':
      return judgement.kind;
    case 'undecided':
    case 'error':
      return 'undecided';
  }
}
