import type { CanaryCheck } from '../targets/checkCanaries.js';
import type { Target } from '../targets/types.js';
import type { AnswerJournal } from './answerJournal.js';
import type { CallGate } from './callGate.js';
import type { SpendingBudget } from './spendingBudget.js';
import type { Evaluation } from './searchEngine.js';
import type { AskedProblem } from './searchTypes.js';

/**
 * After this many answers in a row that are not answers (timed out, declined, unreadable), the target
 * is re-checked on the canaries: a model that declines twenty problems in a row may be right, a
 * program that stopped working always looks like this.
 */
export const HEALTH_STREAK = 20;

export interface HealthMonitorOptions {
  readonly problems: readonly AskedProblem[];
  /** The generation's decisions by asked index; the monitor takes back the ones a broken target gave. */
  readonly results: Array<Evaluation | undefined>;
  readonly target: Target;
  readonly gate: CallGate;
  readonly budget: SpendingBudget;
  readonly journal: AnswerJournal;
  /** The canary check with the verifier bound. */
  readonly checkHealth: (target: Target) => Promise<CanaryCheck>;
  /** Calls one check makes (its canaries). */
  readonly healthCalls: number;
}

/**
 * Watches a generation's answers, in asked order (so that a resumed run checks where the first one
 * did), for a run of HEALTH_STREAK non-answers, and then checks the target on its canaries while the
 * pipeline waits. A target that fails is restarted and checked again; the non-answers since it was
 * last seen working become transport errors (asked again later, never failures), and a target that
 * fails again stops the generation as `target-broken`. The non-answers the failed target gave while
 * it was checked, or that come after the streak in asked order, are its too: a check of the restarted
 * target cannot vouch for them, so they are taken back as they are observed.
 */
export class HealthMonitor {
  /** What the failed second check said, when the target is broken. */
  trouble: string | undefined;
  private readonly nonAnswer: boolean[];
  /** Restarts of the target before each problem was answered (its answers came from that run of it). */
  private readonly answeredAfter: number[];
  private restarts = 0;
  /** Runs of the target (by restarts before them) that failed a check, with the check's message. */
  private readonly failedRuns = new Map<number, string>();
  private streak: number[] = [];
  private readonly revoked = new Set<number>();
  private checking: Promise<void> | null = null;

  constructor(private readonly options: HealthMonitorOptions) {
    this.nonAnswer = options.problems.map(() => false);
    this.answeredAfter = options.problems.map(() => 0);
  }

  /** Record whether the answers to problem `index` were all non-answers. */
  answered(index: number, nonAnswer: boolean): void {
    this.nonAnswer[index] = nonAnswer;
    this.answeredAfter[index] = this.restarts;
  }

  /** Was the decision on `index` taken back (its target was broken, or the check could not be paid for)? */
  isRevoked(index: number): boolean {
    return this.revoked.has(index);
  }

  /** The next decided problem in asked order. */
  observe(index: number): void {
    if (this.revoked.has(index)) return;
    const failed = this.nonAnswer[index] ? this.failedRuns.get(this.answeredAfter[index]) : undefined;
    if (failed !== undefined) {
      this.revoke(index, failed);
      return;
    }
    if (!this.nonAnswer[index]) this.streak = [];
    else {
      this.streak.push(index);
      if (this.streak.length >= HEALTH_STREAK) void this.recheck();
    }
  }

  /** Once every problem is decided: wait for a check under way, and check a stretch of non-answers at the end. */
  async finish(): Promise<void> {
    while (this.checking) await this.checking;
    // A stretch of non-answers at the end is checked before it can be archived.
    if (this.options.gate.stopped === null && this.streak.length > 0) await this.recheck();
  }

  private recheck(): Promise<void> {
    if (this.checking) return this.checking;
    const resume = this.options.gate.hold();
    // The check runs as a lane of its own: no round of calls begins while it runs.
    const lane = this.options.gate.lane(Infinity);
    this.checking = (async () => {
      const suspects = this.streak;
      this.streak = [];
      try {
        await this.checkSuspects(suspects);
      } finally {
        this.checking = null;
        resume();
        lane.leave();
      }
    })();
    return this.checking;
  }

  private async checkSuspects(suspects: readonly number[]): Promise<void> {
    const { budget, healthCalls, gate, target } = this.options;
    // Two checks (one after a restart) must fit in the budget; otherwise the suspects are left
    // unasked, to be decided once the budget is raised.
    if (!budget.allowsCall(2 * healthCalls)) {
      gate.halt('budget');
      for (const i of suspects) this.unask(i);
      return;
    }
    const first = await this.check();
    if (first.ok) return;
    // The non-answers since the target was last seen working are its fault, not the model's, and so
    // are those of the same run of it observed while it was checked.
    const run = this.restarts;
    this.failedRuns.set(run, first.message);
    for (const i of suspects) this.revoke(i, first.message);
    for (const i of this.streak) if (this.answeredAfter[i] === run) this.revoke(i, first.message);
    this.streak = this.streak.filter((i) => !this.revoked.has(i));
    await target.restart?.();
    this.restarts++;
    const second = await this.check();
    if (!second.ok) {
      gate.halt('target-broken');
      this.trouble ??= second.message;
    }
  }

  private check(): Promise<CanaryCheck> {
    this.options.gate.count('health', this.options.healthCalls);
    return this.options.checkHealth(this.options.target);
  }

  private unask(index: number): void {
    this.revoked.add(index);
    this.options.results[index] = undefined;
  }

  private revoke(index: number, why: string): void {
    this.revoked.add(index);
    const problem = this.options.problems[index];
    this.options.journal.drop(problem.key);
    const previous = this.options.results[index];
    this.options.results[index] = {
      problem,
      judgement: { status: 'error', reason: `the target failed its health check: ${why}`, answers: previous?.judgement.answers ?? [] },
    };
  }
}
