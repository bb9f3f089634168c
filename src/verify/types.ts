import type { ReadOptions } from '../expr/readOptions.js';
import type { Expr } from '../expr/types.js';
import type { Domain } from './domain.js';

export type Verdict = 'correct' | 'incorrect' | 'unknown' | 'invalid';

/** The verifier's decision on one (problem, answer) pair, with a reason a person can act on. */
export interface VerifyResult {
  readonly verdict: Verdict;
  readonly reason: string;
  /** Wall time spent on this pair, milliseconds. */
  readonly ms: number;
  /** Work spent on this pair, in the units of `VerifyOptions.work` (absent when it was not verified). */
  readonly work?: number;
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
 * notations (the CLI's LaTeX reading, from `src/answer`) passes one in. `options` name what the pair
 * allows beyond an integrand's language (its parameters); a reader that ignores them refuses a
 * parameter as an unknown name.
 */
export type TextReader = (text: string, side: 'problem' | 'answer', options?: ReadOptions) => TextRead;

export interface VerifyOptions {
  /**
   * Work budget per pair, in work units (one operation of a compiled tree in double precision;
   * decimal operations cost more, see `WorkMeter`): sample points and high-precision re-evaluations
   * are paid from it, so a pair's verdict is the same on any machine at any load. Past it the verdict
   * is `unknown`, saying so.
   */
  readonly work: number;
  /**
   * Wall-clock backstop per pair in milliseconds, only against a runaway pair (one the work count
   * does not see, such as a slow special function): the verdict says when it fired.
   */
  readonly backstopMs: number;
  /** The interval the problem is posed on; the whole real line when absent. */
  readonly domain?: Domain;
  /** The former name of `backstopMs` (it was the only budget before work was counted). */
  readonly budgetMs?: number;
}

/**
 * The budget of `check`, `verify`, the search and everything else: a pair that needs more work
 * than this (a few hundred milliseconds at most on an idle core) is left `unknown`.
 */
export const DEFAULT_VERIFY_OPTIONS: VerifyOptions = { work: 20_000_000, backstopMs: 10_000 };

/**
 * The budget the search gives each pair: the default. A search must be reproducible (a resumed run
 * must judge exactly as an uninterrupted one), and with work counted rather than time every caller
 * gets verdicts that do not depend on machine load.
 */
export const SEARCH_VERIFY_OPTIONS: VerifyOptions = DEFAULT_VERIFY_OPTIONS;
