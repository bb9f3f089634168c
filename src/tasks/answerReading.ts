import type { Expr } from '../expr/types.js';
import type { ReadOptions } from '../expr/readOptions.js';

/** What one answer string turned out to be. */
export type AnswerReading =
  /** `note`: what the reading noticed about an answer it read (a symbolic answer that disagrees with the model's own numerical one). */
  | { readonly status: 'ok'; readonly expr: Expr; readonly note?: string }
  | { readonly status: 'no-answer' | 'unparseable'; readonly error: string }
  /** An answer sagga cannot judge (e.g. complex-valued with no real form): never a model failure. */
  | { readonly status: 'unjudged'; readonly error: string };

/**
 * Turns one answer string, exactly as a program wrote it, into a reading. No I/O, bounded by the
 * parser limits; but an answer written with the imaginary unit is read through its real form, which
 * runs the verifier (realFromComplex: is the imaginary part constant?) on the calling thread, up to
 * its time budget (SEARCH_VERIFY_OPTIONS, 2 s): such a reading can take that long, and when the
 * budget runs out the answer is `unjudged`. `options` admits what a task's answers may be beyond an
 * integrand's language (infinity and `DNE` for a limit).
 */
export type AnswerReader = (text: string, options?: ReadOptions) => AnswerReading;
