import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { ANSWER_LIMITS, type AnswerReading } from '../answerReading.js';
import { readComplexAnswer } from '../cas/readCasOutput.js';
import { refusedReading } from '../refusedReading.js';

/**
 * Read SymPy's `str(F)` into our tree. sagga's infix parser reads SymPy's printing directly (`**`,
 * `E`, `Abs`, `exp`, `log`, `Si`, `erfi` …); the imaginary unit `I` is read through the answer's real
 * form (erf(I*x)/I is erfi(x)), and an answer with none is not judged (status `unjudged`, never a model
 * failure); so is an answer with a function sagga does not support (`Piecewise`, `hyper`, `meijerg`,
 * `exp_polar` …) or a literal beyond its limits (the exact 1/576^893 has a 2,466-digit denominator).
 * What else has no counterpart in the whitelist (`oo`, `zoo`, `nan`) makes the answer `unparseable`,
 * with the parser's reason. No free-text extraction: a CAS prints expressions, nothing else.
 */
export function readSympyAnswer(text: string, options?: ReadOptions): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === '') return { status: 'no-answer', error: 'SymPy returned nothing' };
  if (/\bIntegral\s*\(/.test(trimmed)) return { status: 'no-answer', error: 'SymPy returned the integral unevaluated' };
  if (!/\bI\b/.test(trimmed)) {
    const parsed = tryParseExpr(trimmed, ANSWER_LIMITS, options);
    if (parsed.ok) return { status: 'ok', expr: parsed.expr };
    return refusedReading(parsed.error, "cannot read SymPy's answer: ");
  }
  // SymPy's identifiers are words, so I as a whole word is its imaginary unit and nothing else.
  const read = readComplexAnswer((unit) => trimmed.replace(/\bI\b/g, unit), 'SymPy', ANSWER_LIMITS, options);
  return read.status === 'ok' ? { status: 'ok', expr: read.expr } : read;
}
