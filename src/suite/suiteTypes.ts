import type { Expr } from '../expr/types.js';
import type { AnswerRecord, Judgement } from '../judge/judgeTypes.js';

export type SuiteName = 'primitives' | 'neighbours' | 'compositionality' | 'extrapolation' | 'exponents' | 'operators';
export const SUITE_NAMES: readonly SuiteName[] = ['primitives', 'neighbours', 'compositionality', 'extrapolation', 'exponents', 'operators'];

/** What each suite probes, in a line (`sagga list suites`); a new suite does not compile without one. */
export const SUITE_DESCRIPTIONS: Readonly<Record<SuiteName, string>> = {
  primitives: "the paper's Table 2: k1*f(k2*x) for each primitive f",
  neighbours: 'each solved base problem f as k*f, f/k, f + exp(x) and f + ln(x)',
  compositionality: 'sums of 2, 3 and 4 solved base problems',
  extrapolation: 'Figure 2: the primitives with coefficients up to 11000',
  exponents: 'Table 8: x^k and x^(1/k) for k in [1, 1000] and [10000, 11000)',
  operators: 'Table 9: problems with more and more operators, each the derivative of a random antiderivative',
};

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
