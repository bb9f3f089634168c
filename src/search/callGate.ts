import type { CallCounts } from '../run/runSchema.js';
import type { Target, TargetAnswer, TargetProblem } from '../targets/types.js';
import { problemAssumptions } from '../tasks/problemAssumptions.js';
import type { Limiter } from '../util/limiter.js';
import type { AnswerJournal } from './answerJournal.js';
import { GrantRounds, Lane, type Turn, type TurnRequest, type TurnSpending } from './grantRounds.js';
import type { Spent, SpendingBudget } from './spendingBudget.js';

/** What a call is for: the generation's own problems, references proving a failure, shrinking, health checks. */
export type CallPurpose = keyof CallCounts;

/** Why calls stopped being made in this generation. */
export type GateStop = 'interrupted' | 'budget' | 'target-broken';

export interface CallGateOptions {
  readonly journal: AnswerJournal;
  readonly budget: SpendingBudget;
  /** The run's slots; under a budget, also the turns that may be in flight at once (`GrantRounds`' lag). */
  readonly slots: Limiter;
  /** Answers the target under test is asked for per call (a reference is asked for one). */
  readonly k: number;
  /** The generation being evaluated: shrinking's answers are kept for the rest of the run as paid in it. */
  readonly generation: number;
  readonly signal?: AbortSignal;
}

/** A call waiting for its turn or under way, which a second caller of the same problem shares. */
interface SharedCall {
  made: Promise<readonly TargetAnswer[] | null>;
  /** Its request for a turn, until the turn is granted (under a budget only). */
  request?: TurnRequest<CallPurpose>;
}

/**
 * Every target call of a generation goes through here, in this order: answers the journal already
 * holds (paid for before a resume) are replayed and charged once; a call waits while a health check
 * has paused the pipeline; then it takes one of the run's slots, is refused when the run is stopping
 * or a budget is spent, is counted, made, and its answers are journaled before anyone uses them. Two
 * callers asking the same target the same problem at once share one call, so the calls a generation
 * makes do not depend on which of them asked first.
 *
 * Under a budget, calls (and the replays of a resumed run) are granted in `GrantRounds`, in the
 * asked order of their lanes, and each is checked against what the calls granted before it spent,
 * all but the last `--concurrency` of them: the calls a budget allows, and so the run's files, are
 * the same whatever order the answers arrive in, and the same after a kill and a resume.
 */
export class CallGate {
  readonly counts: { -readonly [K in CallPurpose]: number } = { problems: 0, references: 0, shrinking: 0, health: 0 };
  private stop: GateStop | null = null;
  private pause: Promise<void> | null = null;
  private readonly inFlight = new Map<string, SharedCall>();
  private readonly rounds: GrantRounds<CallPurpose> | undefined;
  /** What the run had spent when the generation began (the turns' spending is added to it). */
  private readonly spentAtStart: Spent;

  constructor(private readonly options: CallGateOptions) {
    this.rounds = options.budget.limited ? new GrantRounds<CallPurpose>(options.slots.concurrency) : undefined;
    this.spentAtStart = options.budget.spent();
  }

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
   * The work of the problem asked `order`-th (its call, proofs and shrink), from now until its
   * `leave`: under a budget, a round of calls begins only while no lane is running.
   */
  lane(order: number): Lane {
    return this.rounds?.lane(order) ?? Lane.free(order);
  }

  /**
   * The answers of `target` (a reference when `reference` names it) to `problem`, or null when the
   * call was not made (the run is stopping, or a budget is spent). `lane`: whose work the call is
   * (absent: a caller outside the generation's lanes, served after them).
   */
  call(
    target: Target,
    reference: string | undefined,
    problem: TargetProblem & { key: string },
    purpose: CallPurpose,
    lane?: Lane,
  ): Promise<readonly TargetAnswer[] | null> {
    // One call in flight per problem text: the same key written differently is another question.
    const slot = `${reference ?? ''}\u0000${problem.key}\u0000${problem.infix}`;
    const order = lane?.order ?? Infinity;
    const pending = this.inFlight.get(slot);
    if (pending) {
      pending.request?.claim(order, purpose);
      return lane ? lane.wait(pending.made) : pending.made;
    }
    const shared: SharedCall = { made: Promise.resolve(null) };
    shared.made = this.callOnce(target, reference, problem, purpose, order, shared, lane).finally(() => this.inFlight.delete(slot));
    this.inFlight.set(slot, shared);
    return shared.made;
  }

  /** Calls counted against the budget without being made here (a health check's canaries). */
  count(purpose: CallPurpose, calls: number): void {
    this.counts[purpose] += calls;
    this.options.budget.spendUnbudgeted(calls);
  }

  private async callOnce(
    target: Target,
    reference: string | undefined,
    problem: TargetProblem & { key: string },
    purpose: CallPurpose,
    order: number,
    shared: SharedCall,
    lane: Lane | undefined,
  ): Promise<readonly TargetAnswer[] | null> {
    const { journal } = this.options;
    const cached = journal.get(problem.key, reference, problem.infix);
    if (cached && (this.rounds === undefined || !journal.isUnpaid(problem.key, reference, problem.infix))) {
      this.chargeReplay(problem, reference, cached, purpose);
      return cached;
    }
    if (!cached) {
      while (this.pause) await (lane ? lane.wait(this.pause) : this.pause);
      // Refused at once: no turn to wait for once calls have stopped.
      if (this.rounds !== undefined && this.stop !== null) return null;
    }
    if (this.rounds === undefined) return (await this.options.slots.run(() => this.decideAndCall(target, reference, problem, purpose, null))).answers;
    // Under a budget a replay takes its turn too, in the round its call had, so that every
    // call after it is decided on the same totals as in the run that paid for it.
    const request = this.rounds.request(order, purpose);
    shared.request = request;
    const pending = request.turn;
    const turn = await (lane ? lane.wait(pending) : pending);
    shared.request = undefined;
    const charged = request.tag;
    let spent: TurnSpending = NOTHING;
    try {
      if (cached) {
        spent = this.chargeReplay(problem, reference, cached, charged);
        return cached;
      }
      const made = await this.options.slots.run(() => this.decideAndCall(target, reference, problem, charged, turn));
      spent = made.spent;
      return made.answers;
    } finally {
      turn.settle(spent);
    }
  }

  /** First use of answers read back from the journal: charged as the call that paid for them. */
  private chargeReplay(
    problem: TargetProblem & { key: string },
    reference: string | undefined,
    cached: readonly TargetAnswer[],
    purpose: CallPurpose,
  ): TurnSpending {
    const { journal, budget } = this.options;
    if (!journal.chargeReplay(problem.key, reference, problem.infix)) return NOTHING;
    this.counts[purpose]++;
    return budget.spendReplayed(reference === undefined ? cached : []);
  }

  /** Refuse the call (the run is stopping, or a budget is spent), or count it, make it and journal its answers. */
  private async decideAndCall(
    target: Target,
    reference: string | undefined,
    problem: TargetProblem & { key: string },
    purpose: CallPurpose,
    turn: Turn | null,
  ): Promise<{ answers: readonly TargetAnswer[] | null; spent: TurnSpending }> {
    const { journal, budget, signal, k, generation } = this.options;
    const done = (answers: readonly TargetAnswer[] | null, spent: TurnSpending = NOTHING) => ({ answers, spent });
    if (this.stop !== null) return done(null);
    if (signal?.aborted) {
      this.halt('interrupted');
      return done(null);
    }
    if (!budget.allowsCall(1, turn === null ? undefined : this.settledBefore(turn))) {
      this.halt('budget');
      return done(null);
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
    const spent = reference === undefined ? budget.spendTokens(answers) : NOTHING;
    // Only answers worth keeping: a transport error is asked again anyway.
    if (answers.length > 0 && !answers.some((a) => a.status === 'error'))
      journal.put(problem.key, answers, reference, purpose === 'shrinking' ? generation : undefined, problem.infix);
    return done(answers, spent);
  }

  /**
   * What the run had spent before `turn`, as far as the rounds let a turn know it: every turn
   * before it is a call (or the replay of one), and the tokens and cost are those the rounds
   * report settled.
   */
  private settledBefore(turn: Turn): Spent {
    const start = this.spentAtStart;
    const before = turn.settledBefore;
    return {
      calls: start.calls + turn.index - 1 + this.counts.health,
      input: start.input + before.input,
      output: start.output + before.output,
      cost: start.cost + before.cost,
    };
  }
}

const NOTHING: TurnSpending = { input: 0, output: 0, cost: 0 };
