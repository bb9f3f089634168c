/** What a pair is labelled: is `answer` an antiderivative of `problem`? */
export type Label = 'correct' | 'incorrect';

/** A judge's verdict on a pair; `unknown` is undecided (the judge would not accept the answer). */
export type JudgeVerdict = 'correct' | 'incorrect' | 'unknown';

/** One labelled pair of `sagga judge-eval --pairs`. */
export interface LabelledPair {
  readonly id: string;
  readonly problem: string;
  readonly answer: string;
  readonly label: Label;
}

/** A judge's decision on one pair. */
export interface PairVerdict {
  readonly id: string;
  readonly verdict: JudgeVerdict;
  /** Why, in the judge's words (a verifier reason, a timeout, an unreadable reply …). */
  readonly reason: string;
  /** Time the judge spent on this pair, when it can tell (milliseconds). */
  readonly ms: number | null;
}

export interface JudgeRunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A checker whose verdicts are measured against labels. Faults are verdicts (`unknown`), never throws. */
export interface Judge {
  /** As given on the command line (`sagga`, `sympy-simplify`, `cmd:…`, `openai:…`), secrets redacted. */
  readonly name: string;
  /** One verdict per pair, in order. */
  judge(pairs: readonly LabelledPair[], options?: JudgeRunOptions): Promise<PairVerdict[]>;
  /** Every setting that shapes its verdicts (time limits, model, prompt …), never a secret. */
  describe(): Readonly<Record<string, string | number | boolean | null>>;
  close(): Promise<void>;
}

/**
 * Pairs by label and verdict. Positive is `correct`: `tp` correct pairs accepted, `fn` correct pairs
 * rejected, `fp` incorrect pairs accepted, `tn` incorrect pairs rejected; an undecided verdict is
 * counted apart, per label.
 */
export interface Confusion {
  readonly tp: number;
  readonly fn: number;
  readonly fp: number;
  readonly tn: number;
  readonly undecided_correct: number;
  readonly undecided_incorrect: number;
}

/** One judge's line of `sagga judge-eval --out` (docs/FORMATS.md). Rates are null when undefined (0/0). */
export interface JudgeScore {
  readonly judge: string;
  readonly tpr: number | null;
  readonly tnr: number | null;
  readonly ppv: number | null;
  readonly npv: number | null;
  /** Macro-F1: the mean of the F1 of both classes. */
  readonly f1: number | null;
  readonly confusion: Confusion;
  /** Wall time of the judge over all pairs. */
  readonly seconds: number;
  readonly ms_per_pair: number;
  readonly settings: Readonly<Record<string, string | number | boolean | null>>;
}

export interface JudgeEvalReport {
  readonly pairs: number;
  readonly judges: readonly JudgeScore[];
}
