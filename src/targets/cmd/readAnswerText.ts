import { extractAnswer } from '../../answer/extractAnswer.js';
import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { ANSWER_LIMITS, type AnswerReading } from '../answerReading.js';
import { readComplexAnswer } from '../cas/readCasOutput.js';
import { refusedReading } from '../refusedReading.js';

// Whole answers that mean "I have none", compared after trimming, lower-casing and dropping a final
// period. Anything longer goes to the extractor, which knows refusals inside sentences.
const DECLINES = new Set([
  'no answer',
  'none',
  'null',
  'nil',
  'n/a',
  'unknown',
  'no solution',
  'not found',
  'fail',
  'failed',
  'error',
  "i don't know",
  'i do not know',
  'cannot integrate',
  'not integrable',
]);

// The characters of plain infix. A text made only of these is an attempted expression, so when it
// does not parse the parser's message is the useful one.
const INFIX_ALPHABET = /^[0-9A-Za-z_\s+\-*/^().,]*$/;

// Two words in a row: a sentence, not an expression ("the answer is x^2/2"). Fixed-width letter
// runs keep the test linear on long input.
const PROSE = /[A-Za-z]{2}\s+[A-Za-z]{2}/;

// SymPy's Integral(f, x), Maxima's integrate(f, x), mathjs-style int(f, x).
const UNEVALUATED = /(?:^|[^A-Za-z0-9_])(?:Integral|integrate|int)\s*\(/;

/**
 * Read one answer string from a `cmd:` program: mathjs or SymPy infix first (the common case, and
 * the strictest reader), then LaTeX or free text through `extractAnswer` (`\boxed{…}`, `$…$`, "the
 * answer is …"). An empty string or a bare "no answer" is a no-answer. An infix answer that the
 * reader refuses for sagga's own reasons (a literal beyond its limits, an unsupported function) is
 * `unjudged` and never read a second way: `1e-400*x` is not e − 400x. SymPy's imaginary unit `I` is
 * read through the answer's real form, as from the SymPy target. `options` admits what a task's
 * answers may be beyond an integrand (infinity, `DNE`).
 */
export function readAnswerText(text: string, options?: ReadOptions): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === '') return { status: 'no-answer', error: 'the answer is empty' };
  if (trimmed.length <= 40 && DECLINES.has(trimmed.toLowerCase().replace(/\.$/, ''))) {
    return { status: 'no-answer', error: `the program answered "${trimmed}"` };
  }
  const parsed = tryParseExpr(trimmed, ANSWER_LIMITS, options);
  if (parsed.ok) return { status: 'ok', expr: parsed.expr };
  const infixLike = trimmed.length <= 1_000_000 && INFIX_ALPHABET.test(trimmed) && !PROSE.test(trimmed);
  if (infixLike && UNEVALUATED.test(trimmed)) return { status: 'no-answer', error: 'the program returned the integral unevaluated' };
  if (infixLike && /\bI\b/.test(trimmed)) {
    // SymPy's identifiers are words: I as a whole word is its imaginary unit.
    const read = readComplexAnswer((unit) => trimmed.replace(/\bI\b/g, unit), 'the program', ANSWER_LIMITS, options);
    return read.status === 'ok' ? { status: 'ok', expr: read.expr } : read;
  }
  if (infixLike && parsed.error.refusal !== undefined) return refusedReading(parsed.error);
  // The LaTeX reader behind extractAnswer also reads `sin x` and `2x e^x`.
  const extracted = extractAnswer(text, { limits: ANSWER_LIMITS, ...(options !== undefined ? { read: options } : {}) });
  if (extracted.ok) return { status: 'ok', expr: extracted.expr };
  // For an attempted infix expression (unknown function, I, oo, unbalanced parentheses …) the
  // infix parser's message says more than "no answer found".
  if (infixLike && extracted.status === 'unparseable') return { status: 'unparseable', error: parsed.error.message };
  return { status: extracted.status, error: extracted.error };
}
