import { tryParseExpr } from '../../expr/parse.js';
import { ANSWER_LIMITS, type AnswerReading } from '../answerReading.js';
import { readComplexAnswer } from '../cas/readCasOutput.js';

/**
 * Read SymPy's `str(F)` into our tree. sagga's infix parser reads SymPy's printing directly (`**`,
 * `E`, `Abs`, `exp`, `log`, `Si`, `erfi` …); the imaginary unit `I` is read through the answer's real
 * form (erf(I*x)/I is erfi(x)), and an answer with none is not judged (status `unjudged`, never a model
 * failure); what else has no counterpart in the whitelist (`oo`, `Piecewise`, `hyper`, `meijerg`,
 * `exp_polar` …) makes the answer `unparseable`, with the parser's reason. No free-text extraction: a
 * CAS prints expressions, nothing else.
 */
export function readSympyAnswer(text: string): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === '') return { status: 'no-answer', error: 'SymPy returned nothing' };
  if (/\bIntegral\s*\(/.test(trimmed)) return { status: 'no-answer', error: 'SymPy returned the integral unevaluated' };
  if (!/\bI\b/.test(trimmed)) {
    const parsed = tryParseExpr(trimmed, ANSWER_LIMITS);
    if (parsed.ok) return { status: 'ok', expr: parsed.expr };
    return { status: 'unparseable', error: `cannot read SymPy's answer: ${parsed.error.message}` };
  }
  // SymPy's identifiers are words, so I as a whole word is its imaginary unit and nothing else.
  const read = readComplexAnswer((unit) => trimmed.replace(/\bI\b/g, unit), 'SymPy', ANSWER_LIMITS);
  return read.status === 'ok' ? { status: 'ok', expr: read.expr } : read;
}
