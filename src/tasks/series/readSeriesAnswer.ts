import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import type { Expr } from '../../expr/types.js';

/** A series answer read: its polynomial, and the order n of a trailing `+ O(x^n)` when it had one. */
export type SeriesAnswerRead = { readonly ok: true; readonly expr: Expr; readonly remainderOrder?: number } | { readonly ok: false; readonly error: string };

/**
 * Reads a Taylor polynomial written in infix, with or without SymPy's remainder term:
 * `x - x**3/6 + O(x**5)`, `1 + (x - 1) + O((x - 1)**2, (x, 1))`. The remainder is dropped and its
 * order kept; anything else inside O(…) than a power of x or of x − a is left for the parser to refuse.
 */
export function readSeriesAnswer(text: string, options?: ReadOptions): SeriesAnswerRead {
  const cut = remainderTerm(text);
  const body = cut === null ? text : text.slice(0, cut.start);
  const r = tryParseExpr(body, undefined, options);
  if (!r.ok) return { ok: false, error: r.error.message };
  return cut === null ? { ok: true, expr: r.expr } : { ok: true, expr: r.expr, remainderOrder: cut.order };
}

/** Where a trailing `+ O(…)` starts and the order it states, or null when the text has none. */
function remainderTerm(text: string): { start: number; order: number } | null {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  if (text[end - 1] !== ')') return null;
  let depth = 0;
  let open = -1;
  for (let i = end - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) {
      open = i;
      break;
    }
  }
  if (open < 1 || text[open - 1] !== 'O') return null;
  let plus = open - 2;
  while (plus >= 0 && /\s/.test(text[plus])) plus--;
  if (plus < 0 || text[plus] !== '+' || (open >= 2 && /[A-Za-z0-9_]/.test(text[open - 2]))) return null;
  const inside = text.slice(open + 1, end - 1).trim();
  // O(x), O(x**n), O(x^n), O((x - a)**n, (x, a)): the order is the exponent of the first argument.
  const m = /^(?:x|\(\s*x\s*[-+][^()]*\))(?:\s*(?:\*\*|\^)\s*(\d{1,4}))?(?:\s*,\s*\(\s*x\s*,[^()]*\))?$/.exec(inside);
  if (m === null) return null;
  return { start: plus, order: m[1] === undefined ? 1 : Number(m[1]) };
}
