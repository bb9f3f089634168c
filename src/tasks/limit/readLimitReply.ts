import { neg, sym, type Expr } from '../../expr/types.js';
import type { AnswerReader, AnswerReading } from '../answerReading.js';
import type { AnswerSource } from '../task.js';

const NO_LIMIT: Expr = sym('DNE');
const PLUS: Expr = sym('oo');
const MINUS: Expr = neg(sym('oo'));

/** How each CAS prints the answers that are no number; anything else is read as any answer. */
const CAS_WORDS: Readonly<Record<Exclude<AnswerSource, 'model'>, Readonly<Record<string, Expr>>>> = {
  nerdamer: { Infinity: PLUS, '-Infinity': MINUS },
  algebrite: { infinity: PLUS, '-infinity': MINUS },
  // und: undefined; ind: bounded but no limit (sin(1/x) at 0); infinity: complex infinity, ±∞ by side.
  maxima: { inf: PLUS, minf: MINUS, und: NO_LIMIT, ind: NO_LIMIT, infinity: NO_LIMIT },
  sympy: { oo: PLUS, '-oo': MINUS, zoo: NO_LIMIT },
};
/** A CAS that gave the limit back unevaluated (SymPy's Limit, Maxima's and nerdamer's limit). */
const UNEVALUATED = /(?:^|[^A-Za-z0-9_])(?:Limit|limit)\s*\(/;
/** A model's "no limit", as its whole answer or boxed: DNE, does not exist, no limit. */
const NO_LIMIT_WORDS = /^\s*(?:the\s+limit\s+)?(?:dne|does\s+not\s+exist|no\s+limit)\.?\s*$/i;
const BOXED_NO_LIMIT = /\\boxed\s*\{\s*(?:\\(?:text|mathrm|operatorname)\s*\{\s*)?(?:dne|does\s+not\s+exist|no\s+limit)\s*\}?\s*\}/i;
const FINAL_NO_LIMIT = /final\s+answer\s+is\s*:?\s*\$?\s*(?:\\(?:text|mathrm)\s*\{\s*)?(?:dne|does\s+not\s+exist|no\s+limit)\b/i;

/**
 * A limit's answer: a value, `oo` or `-oo`, or `DNE` (no limit, finite or infinite). From a CAS: its
 * words for these (Maxima's inf, minf, und, ind; SymPy's oo, zoo; AccumBounds, an oscillation's
 * range, is no limit), unless it gave the limit back unevaluated. From a model: "DNE", "does not
 * exist" or "no limit" as its answer (alone, boxed, or on its final-answer line), else the answer
 * read with infinity and DNE allowed.
 */
export function readLimitReply(text: string, read: AnswerReader, source: AnswerSource): AnswerReading {
  const trimmed = text.trim();
  if (source === 'model') {
    if (NO_LIMIT_WORDS.test(trimmed) || BOXED_NO_LIMIT.test(text) || FINAL_NO_LIMIT.test(text)) return { status: 'ok', expr: NO_LIMIT };
    return read(text, { infinity: true, noLimit: true });
  }
  const word = CAS_WORDS[source][trimmed.replace(/\s+/g, '')];
  if (word !== undefined) return { status: 'ok', expr: word };
  if (UNEVALUATED.test(trimmed)) return { status: 'no-answer', error: `${source} returned the limit unevaluated` };
  if (source === 'sympy' && /^AccumBounds\s*\(/.test(trimmed)) return { status: 'ok', expr: NO_LIMIT };
  if (source === 'sympy' && trimmed === 'nan') return { status: 'no-answer', error: 'SymPy answered nan' };
  return read(text);
}
