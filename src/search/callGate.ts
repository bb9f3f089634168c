import type { CallCounts } from '../run/runSchema.js';
import type { Target, TargetAnswer, TargetProblem } from '../targets/types.js';
import { problemAssumptions } from '../tasks/problemAssumptions.js';
import type { Limiter } from '../util/limiter.js';
import type { AnswerJournal } from './answerJournal.js';
import type { SpendingBudget } from './spendingBudget.js';

/** What a call is for: the generation's own problems, references proving a failure, shrinking, health checks. */
export type CallPurpose = keyof CallCounts;

/** Why calls stopped being made in this generation. */
export type GateStop = 'interrupted' | 'budget' | 'target-broken';

export interface CallGateOptions {
  readonly journal: AnswerJournal;
  readonly budget: SpendingBudget;
  readonly slots: Limiter;
  /** Answers the target under test is asked for per call (a reference is asked for one). */
  readonly k: number;
  /** The generation being evaluated: shrinking's answers are kept for the rest of the run as paid in it. */
  readonly generation: number;
  readonly signal?: AbortSignal;
}

/**
 * Every target call of a generation goes through here, in this order: answers the journal already
 * holds (paid for before a resume) are replayed and charged once; a call waits while a health check
 * has paused the pipeline; then it takes one of the run's slots, is refused when the run is stopping
 * or a budget is spent, is counted, made, and its answers are journaled before anyone uses them. Two
 * callers asking the same target the same problem at once share one call, so the calls a generation
 * makes do not depend on which of them asked first.
 */
export class CallGate {
  readonly counts: { -readonly [K in CallPurpose]: number } = { problems: 0, references: 0, shrinking: 0, health: 0 };
  private stop: GateStop | null = null;
  private pause: Promise<void> | null = null;
  private readonly inFlight = new Map<string, Promise<readonly TargetAnswer[] | null>>();

  constructor(private readonly options: CallGateOptions) {}

  /** Why calls stopped, or null while they are made. */
  get stopped(): GateStop | null {
    return this.stop;
  }

  /** Stop making calls (the first reason given wins). */
  halt(reason: GateStop): void {
    this.stop ??= reason;
  }

  /** Hold every call not yet sent until `resume` is called (a health check is under way). */
  hold(): () => void {
    let resume = (): void => {};
    this.pause = new Promise<void>((resolve) => (resume = resolve));
    return () => {
      this.pause = null;
      resume();
    };
  }

  /**
   * The answers of `target` (a reference when `reference` names it) to `problem`, or null when the
   * call was not made (the run is stopping, or a budget is spent).
   */
  call(target: Target, reference: string | undefined, problem: TargetProblem & { key: string }, purpose: CallPurpose): Promise<readonly TargetAnswer[] | null> {
    const slot = `${reference ?? ''}\u0000${problem.key}`;
    const pending = this.inFlight.get(slot);
    if (pending) return pending;
    const made = this.callOnce(target, reference, problem, purpose).finally(() => this.inFlight.delete(slot));
    this.inFlight.set(slot, made);
    return made;
  }

  /** Calls counted against the budget without being made here (a health check's canaries). */
  count(purpose: CallPurpose, calls: number): void {
    this.counts[purpose] += calls;
    this.options.budget.spendUnbudgeted(calls);
  }

  private async callOnce(target: Target, reference: string | undefined, problem: TargetProblem & { key: string }, purpose: CallPurpose): Promise<readonly TargetAnswer[] | null> {
    const { journal, budget, slots, signal, k, generation } = this.options;
    const cached = journal.get(problem.key, reference);
    if (cached) {
      // Paid for before the run was stopped: charged now, so that a generation's calls and the
      // budgets come out the same however often the run was resumed.
      if (journal.chargeReplay(problem.key, reference)) {
        budget.spendReplayed(reference === undefined ? cached : []);
        this.counts[purpose]++;
      }
      return cached;
    }
    while (this.pause) await this.pause;
    return slots.run(async () => {
      if (this.stop !== null) return null;
      if (signal?.aborted) {
        this.halt('interrupted');
        return null;
      }
      if (!budget.allowsCall()) {
        this.halt('budget');
        return null;
      }
      budget.spendCall();
      this.counts[purpose]++;
      // A problem with parameters is sent with what the search assumes of them (real and positive).
      const parameters = problemAssumptions({ expr: problem.expr, params: problem.params ?? {} });
      const sent: TargetProblem = {
        id: problem.id,
        expr: problem.expr,
        infix: problem.infix,
        latex: problem.latex,
        ...(problem.params !== undefined ? { params: problem.params } : {}),
        ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
        ...(problem.repeat ? { repeat: problem.repeat } : {}),
      };
      const outcomes = await target.solve([sent], reference === undefined ? k : 1, signal);
      const answers = outcomes.find((o) => o.id === problem.id)?.answers ?? [];
      if (reference === undefined) budget.spendTokens(answers);
      // Only answers worth keeping: a transport error is asked again anyway.
      if (answers.length > 0 && !answers.some((a) => a.status === 'error')) journal.put(problem.key, answers, reference, purpose === 'shrinking' ? generation : undefined);
      return answers;
    });
  }
}
