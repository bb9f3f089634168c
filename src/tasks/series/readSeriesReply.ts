import type { AnswerReader, AnswerReading } from '../answerReading.js';
import type { AnswerSource } from '../task.js';

/** A remainder term's start: `+ O(`, `+ \mathcal{O}(`, `+ O\left(`. */
const REMAINDER = /[+]\s*(?:\\mathcal\s*\{\s*O\s*\}|\\mathcal\s*O|\\operatorname\s*\{\s*O\s*\}|O)\s*(?:\\left\s*|\\big\s*)?\(/g;
/** A trailing ellipsis: `+ \cdots`, `+ \ldots`, `+ \dots`, `+ ...`, `+ …`. */
const ELLIPSIS = /[+]\s*(?:\\[lc]?dots|\.\.\.|…)/g;
/** A CAS that gave the series back unevaluated. */
const UNEVALUATED = /(?:^|[^A-Za-z0-9_])(?:taylor|series)\s*\(/;

/**
 * A Taylor polynomial's answer. From a CAS: its printing (SymPy's worker and Maxima drop the
 * remainder themselves), unless it gave the series back unevaluated. From a model: the remainder
 * terms it may write are dropped first, wherever they are (`+ O(x^5)`, `+ \mathcal{O}(x^5)`,
 * `+ \cdots`), and the rest read as any answer; a term it wrote beyond the order stays, and is wrong.
 */
export function readSeriesReply(text: string, read: AnswerReader, source: AnswerSource): AnswerReading {
  if (source !== 'model') return UNEVALUATED.test(text) ? { status: 'no-answer', error: `${source} returned the series unevaluated` } : read(text);
  return read(withoutRemainders(text));
}

/** `text` without its `+ O(…)` terms (each up to its matching parenthesis) and trailing ellipses. */
export function withoutRemainders(text: string): string {
  let out = '';
  let from = 0;
  REMAINDER.lastIndex = 0;
  for (let m = REMAINDER.exec(text); m !== null; m = REMAINDER.exec(text)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    if (depth > 0) break;
    out += text.slice(from, m.index);
    from = i;
    REMAINDER.lastIndex = i;
  }
  return (out + text.slice(from)).replace(ELLIPSIS, '');
}
