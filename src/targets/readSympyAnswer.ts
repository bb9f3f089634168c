import { tryParseExpr } from '../expr/parse.js';
import { ANSWER_LIMITS, type AnswerReading } from './answerReading.js';

/**
 * Read SymPy's `str(F)` into our tree. sagga's infix parser reads SymPy's printing directly (`**`,
 * `E`, `Abs`, `exp`, `log`, `Si`, `erfi` …); what has no counterpart in the whitelist (`I`, `oo`,
 * `Piecewise`, `hyper`, `meijerg`, `exp_polar` …) makes the answer `unparseable`, with the parser's
 * reason. No free-text extraction: a CAS prints expressions, nothing else.
 */
export function readSympyAnswer(text: string): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === '') return { status: 'no-answer', error: 'SymPy returned nothing' };
  if (/\bIntegral\s*\(/.test(trimmed)) return { status: 'no-answer', error: 'SymPy returned the integral unevaluated' };
  const parsed = tryParseExpr(trimmed, ANSWER_LIMITS);
  if (parsed.ok) return { status: 'ok', expr: parsed.expr };
  return { status: 'unparseable', error: `cannot read SymPy's answer: ${parsed.error.message}` };
}
