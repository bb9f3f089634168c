import type { Limits } from '../expr/limits.js';
import type { Expr } from '../expr/types.js';

/** What one answer string turned out to be. */
export type AnswerReading =
  | { readonly status: 'ok'; readonly expr: Expr }
  | { readonly status: 'no-answer' | 'unparseable'; readonly error: string }
  /** An answer sagga cannot judge (e.g. complex-valued with no real form): never a model failure. */
  | { readonly status: 'unjudged'; readonly error: string };

/**
 * Turns one answer string, exactly as a program wrote it, into a reading. No I/O, bounded by the
 * parser limits; but an answer written with the imaginary unit is read through its real form, which
 * runs the verifier (realFromComplex: is the imaginary part constant?) on the calling thread, up to
 * its time budget (SEARCH_VERIFY_OPTIONS, 2 s): such a reading can take that long, and when the
 * budget runs out the answer is `unjudged`.
 */
export type AnswerReader = (text: string) => AnswerReading;

/**
 * Parser limits for answers that come from a program. Computer algebra answers carry exact
 * rationals whose integers easily pass the 1e15 a user-typed literal may have (Maxima prints
 * 75191683527748614375*x^5 for ∫x^5 sin^7(x) e^{3x}); refusing them would turn right answers into
 * false failures. A double holds such a number to 16 significant digits, far inside the verifier's
 * tolerance; the character, node and depth limits stay as they are. Integers of up to 5,000 digits
 * are read exactly as factors of a rational (SymPy's 12…3*x/45…6), which is folded into one double
 * when it fits; what does not fit is refused as sagga's limit (the answer is `unjudged`).
 */
export const ANSWER_LIMITS: Partial<Limits> = { maxAbsLiteral: 1e300, maxLiteralDigits: 320, maxExactIntegerDigits: 5_000 };

