export type Verdict = 'correct' | 'incorrect' | 'unknown' | 'invalid';

/** The verifier's decision on one (problem, answer) pair, with a reason a person can act on. */
export interface VerifyResult {
  readonly verdict: Verdict;
  readonly reason: string;
  /** Wall time spent on this pair, milliseconds. */
  readonly ms: number;
}

export interface VerifyOptions {
  /** Hard time budget per pair in milliseconds; the verdict is `unknown` when it runs out. */
  readonly budgetMs: number;
}

export const DEFAULT_VERIFY_OPTIONS: VerifyOptions = { budgetMs: 50 };

/**
 * The budget the search gives each pair. A search must be reproducible (a resumed run must judge
 * exactly as an uninterrupted one), so its verdicts must not depend on machine load: the verifier's
 * own caps (sample points, high-precision re-checks) bound its work, and this wall-clock limit is
 * only a backstop for a pathological pair.
 */
export const SEARCH_VERIFY_OPTIONS: VerifyOptions = { budgetMs: 2000 };
