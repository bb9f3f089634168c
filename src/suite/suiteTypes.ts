import type { Expr } from '../expr/types.js';
import type { AnswerRecord, Judgement } from '../judge/judgeTypes.js';

export type SuiteName = 'primitives' | 'neighbours' | 'compositionality' | 'extrapolation' | 'exponents' | 'operators';
export const SUITE_NAMES: readonly SuiteName[] = ['primitives', 'neighbours', 'compositionality', 'extrapolation', 'exponents', 'operators'];

/** A problem of a suite, with the table row (labels) it is counted in. */
export interface SuiteProblem {
  readonly id: string;
  /** Row labels, one per label column of the table (e.g. ['k1*sin(k2*x)'] or ['[100, 200)', 'k1*x']). */
  readonly row: readonly string[];
  readonly expr: Expr;
  /** A known antiderivative, when the suite built the problem from one. */
  readonly antiderivative?: Expr;
}

/** Fail@k counts of one row for one k. */
export interface RowAtK {
  readonly k: number;
  /** No answer among the first k verified correct, and the verifier decided every parsed one wrong. */
  readonly failures: number;
  /** failures / problems. */
  readonly failRate: number;
  /** No correct answer, but the verifier could not decide one (counted as no failure: the paper's generous rule). */
  readonly unknown: number;
  /** Answers lost in transport (not the model's fault; not counted as failures). */
  readonly errors: number;
}

export interface SuiteRow {
  readonly labels: readonly string[];
  readonly problems: number;
  readonly byK: readonly RowAtK[];
}

export interface SuiteTable {
  readonly suite: SuiteName;
  readonly target: string;
  readonly ks: readonly number[];
  /** Names of the label columns. */
  readonly labelColumns: readonly string[];
  readonly rows: readonly SuiteRow[];
  /** Everything needed to rerun it. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly seconds: number;
  /** Lines the suite wants the reader to know (skipped input lines, too few solved problems …). */
  readonly notes: readonly string[];
}

/** One problem's outcome, as written to problems.jsonl. */
export interface JudgedProblem {
  readonly id: string;
  readonly row: readonly string[];
  readonly problem: string;
  /** Judgement status at each requested k. */
  readonly status: Readonly<Record<string, Judgement['status']>>;
  /** The answers (all max k of them) with verdicts. */
  readonly answers: readonly AnswerRecord[];
}
