import type { Expr } from '../expr/types.js';
import type { AnswerRecord, FailureKind, Judgement, Proof } from '../judge/judgeTypes.js';
import type { TaskParams } from '../tasks/task.js';
import type { ParameterAssumptions } from '../verify/parameterAssumptions.js';

/** A problem of an evaluation, from a problem file or a run's archive. */
export interface EvalProblem {
  readonly id: string;
  readonly expr: Expr;
  /** The task's parameters (bounds, point …); absent for integrate. */
  readonly params?: TaskParams;
  /** Canonical infix of `expr` (an ODE's whole equation). */
  readonly problem: string;
  /** Its parameters (`A`, `B` …) and what is assumed of each, as its line says; absent without any. */
  readonly parameters?: ParameterAssumptions;
  /** Groups it is counted in besides the whole set, e.g. `family: lin_comb`, `source: asymob`. */
  readonly groups: readonly string[];
  /** When replayed from an archive: the failure being replayed. */
  readonly archived?: ArchivedFailure;
}

/** What the archive says of a replayed problem. */
export interface ArchivedFailure {
  /** The archive's failure kind (`wrong`, `no-answer`, `unparseable`, `timeout`). */
  readonly kind: string;
  /** The model the archive was made against. */
  readonly target: string;
  /** Whether the problem asked is the line's `minimal` form rather than its `problem`. */
  readonly minimal: boolean;
}

/** Where the problems came from. */
export interface EvalSource {
  readonly kind: 'file' | 'run';
  readonly path: string;
  /** Lines that could not be read, as `file:line: message`. */
  readonly warnings: readonly string[];
}

/** One problem's n answers, verified, and what each metric makes of them. */
export interface EvalProblemResult {
  readonly id: string;
  readonly problem: string;
  /** A task other than integrate, followed in the JSON by its parameters as on the run's lines (`lower`, `upper` …). */
  readonly task?: string;
  readonly groups: readonly string[];
  readonly archived?: ArchivedFailure;
  /** How many of the n answers the verifier called correct. */
  readonly correct: number;
  readonly n: number;
  /** Fail@k's decision on the first k answers, per requested k, and on all n (key `N`). */
  readonly status: Readonly<Record<string, Judgement['status']>>;
  /** How all n answers failed, when they did (`wrong`, `unparseable`, `no-answer`, `timeout`). */
  readonly kind?: FailureKind;
  /**
   * When all n answers failed: why that is the target's failure (the verifier, for a wrong answer;
   * for a replayed archive's problem without one, a reference that solved it), or null when
   * unproven, `unproven` then saying why (declining an integral with no closed form is right).
   */
  readonly proof?: Proof | null;
  readonly unproven?: string;
  /** Every answer with its verdict. */
  readonly answers: readonly AnswerRecord[];
}

/** A rate over problems with its bootstrap interval; null when no problem was measured. */
export interface MetricValue {
  readonly value: number | null;
  readonly ci: readonly [number, number] | null;
}

/** `pass@k` and `fail@k` per k, `PASS@N`, `ALL@N`. */
export type EvalMetrics = Readonly<Record<string, MetricValue>>;

export interface EvalGroup {
  readonly problems: number;
  readonly metrics: EvalMetrics;
}

/** Of an archive's failures, how many the evaluated target fails too, by archive kind. */
export interface TransferRow {
  /** Archive lines of this kind. */
  readonly failures: number;
  /**
   * Fail@N on every one of the target's answers, proven as the search proves a failure: a wrong
   * answer, or no usable one to a problem a reference target solves.
   */
  readonly also_fail: number;
  /** Fail@N without a wrong answer (declined, unreadable, timed out) and no reference solved the problem: not counted as failing. */
  readonly unproven: number;
  /** How those failed: the failure kind of the target's answers (`wrong`, `no-answer` …) and how many. */
  readonly fail_kinds: Readonly<Record<string, number>>;
  /** At least one answer verified correct. */
  readonly solved: number;
  /** No correct answer, but the verifier could not decide one. */
  readonly undecided: number;
  /** Not measured: lost to transport errors, or not asked within the budget. */
  readonly not_measured: number;
}

export interface TransferTable {
  /** The model the archive was made against. */
  readonly source_target: string;
  readonly target: string;
  readonly all: TransferRow;
  /** also_fail over measured problems, with its interval. */
  readonly rate: MetricValue;
  readonly by_kind: Readonly<Record<string, TransferRow>>;
}

/** Problems left out of the metrics, and why. */
export interface EvalExcluded {
  /** An answer was lost in transport after the retries. */
  readonly errors: number;
  /** Not asked (enough times) before `--max-target-calls` ran out. */
  readonly unasked: number;
}

/** What `sagga eval --out` writes (docs/FORMATS.md). */
export interface EvalReport {
  readonly target: string;
  /** The task evaluated, when it is not integrate. */
  readonly task?: string;
  readonly n: number;
  readonly ks: readonly number[];
  /** Problems measured. */
  readonly problems: number;
  readonly metrics: EvalMetrics;
  readonly groups: Readonly<Record<string, EvalGroup>>;
  /** The group with the lowest pass@k at the smallest k (null without groups). */
  readonly worst_group: string | null;
  readonly transfer: TransferTable | null;
  readonly excluded: EvalExcluded;
  readonly source: { readonly kind: 'file' | 'run'; readonly path: string };
  /** `reference_calls`: calls to the reference targets proving the transfer table's failures (not counted against the budget). */
  readonly budget: { readonly max_target_calls: number | null; readonly target_calls: number; readonly exhausted: boolean; readonly reference_calls: number };
  readonly settings: {
    readonly rng_seed: string;
    readonly resamples: number;
    readonly level: number;
    readonly target_settings: Readonly<Record<string, unknown>>;
  };
  readonly seconds: number;
  readonly results: readonly EvalProblemResult[];
}
