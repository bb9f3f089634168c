import type { Limits } from '../expr/limits.js';

// The reading of an answer is a task's to refine (src/tasks/answerReading.ts); targets make it.
export type { AnswerReader, AnswerReading } from '../tasks/answerReading.js';

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
