import type { TargetAnswer } from '../targets/types.js';

/** The run's budgets (null: no limit). */
export interface BudgetLimits {
  readonly maxTargetCalls: number | null;
  readonly maxTokensTotal: number | null;
  /** USD, as the target prices its answers (`TargetAnswer.cost`). */
  readonly maxCost: number | null;
}

/** What has been spent: carried in the checkpoint's totals, so budgets survive a resume. */
export interface Spent {
  readonly calls: number;
  readonly input: number;
  readonly output: number;
  readonly cost: number;
}

export type BudgetName = 'max-target-calls' | 'max-tokens-total' | 'max-cost';

/**
 * Counts every target call and the target's tokens against the budgets. A call is refused before it
 * is made once it would exceed `maxTargetCalls`, so calls never exceed it; tokens and cost are known
 * only when an answer comes back, so they may exceed their budget by what the calls in flight spend,
 * and no call is made once they are reached.
 */
export class SpendingBudget {
  private readonly limits: BudgetLimits;
  private spentNow: Spent;
  private exhausted: BudgetName | null = null;

  /** `spent`: what the committed generations of the run spent (the checkpoint's totals). */
  constructor(limits: BudgetLimits, spent: Spent) {
    this.limits = limits;
    this.spentNow = spent;
  }

  /** Is any budget set? */
  get limited(): boolean {
    const l = this.limits;
    return l.maxTargetCalls !== null || l.maxTokensTotal !== null || l.maxCost !== null;
  }

  /**
   * May `calls` more calls (default one) be made? Once not, `exhaustedBy` says which budget.
   * `spent`: judge by these amounts instead of what is spent now (what the calls granted before
   * this one spent, as far as a call under `GrantRounds` may know it).
   */
  allowsCall(calls = 1, spent: Spent = this.spentNow): boolean {
    const l = this.limits;
    const s = spent;
    if (l.maxTargetCalls !== null && s.calls + calls > l.maxTargetCalls) this.exhausted ??= 'max-target-calls';
    else if (l.maxTokensTotal !== null && s.input + s.output >= l.maxTokensTotal) this.exhausted ??= 'max-tokens-total';
    else if (l.maxCost !== null && s.cost >= l.maxCost) this.exhausted ??= 'max-cost';
    else return true;
    return false;
  }

  /** Which budget refused a call, if one did (or is spent already). */
  exhaustedBy(): BudgetName | null {
    if (this.exhausted === null) this.allowsCall();
    return this.exhausted;
  }

  spendCall(): void {
    this.spentNow = { ...this.spentNow, calls: this.spentNow.calls + 1 };
  }

  /** Calls already allowed (`allowsCall(calls)`), or made before a resume: counted, never refused. */
  spendUnbudgeted(calls: number): void {
    this.spentNow = { ...this.spentNow, calls: this.spentNow.calls + calls };
  }

  /** The tokens and cost of the target's answers to one call (a request's are carried by its first answer); returns them. */
  spendTokens(answers: readonly TargetAnswer[]): Omit<Spent, 'calls'> {
    let input = 0;
    let output = 0;
    let cost = 0;
    for (const a of answers) {
      input += a.tokenUsage?.prompt ?? 0;
      output += a.tokenUsage?.completion ?? 0;
      cost += a.cost ?? 0;
    }
    if (input !== 0 || output !== 0 || cost !== 0) {
      this.spentNow = { ...this.spentNow, input: this.spentNow.input + input, output: this.spentNow.output + output, cost: this.spentNow.cost + cost };
    }
    return { input, output, cost };
  }

  /** A call answered from the journal (paid for before a resume): charged, never refused; returns its tokens and cost. */
  spendReplayed(answers: readonly TargetAnswer[]): Omit<Spent, 'calls'> {
    this.spendUnbudgeted(1);
    return this.spendTokens(answers);
  }

  spent(): Spent {
    return this.spentNow;
  }
}
