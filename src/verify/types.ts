import type { Expr } from '../expr/types.js';

export type Verdict = 'correct' | 'incorrect' | 'unknown' | 'invalid';

/** The verifier's decision on one (problem, answer) pair, with a reason a person can act on. */
export interface VerifyResult {
  readonly verdict: Verdict;
  readonly reason: string;
  /** Wall time spent on this pair, milliseconds. */
  readonly ms: number;
  /** How each side was read, when a `TextReader` was given (`infix` or `latex`). */
  readonly reading?: Readings;
  /** For a side read as LaTeX: what it was read as, e.g. `answer read as LaTeX: x^3/3`. */
  readonly readAs?: string;
}

/** Which reader turned a text into a tree. */
export type Reading = 'infix' | 'latex';

export interface Readings {
  readonly problem: Reading;
  readonly answer: Reading;
}

/** A side of a pair read into a tree, or why it could not be; `note` says what the reader changed (a dropped `+ C`). */
export type TextRead =
  | { readonly ok: true; readonly expr: Expr; readonly reading: Reading; readonly note?: string }
  | { readonly ok: false; readonly error: string; readonly reading: Reading };

/**
 * Reads one side of a pair. The verifier itself reads infix only; a caller that accepts other
 * notations (the CLI's LaTeX reading, from `src/answer`) passes one in.
 */
export type TextReader = (text: string, side: 'problem' | 'answer') => TextRead;

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
