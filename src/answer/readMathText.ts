import type { Limits } from '../expr/limits.js';
import type { ReadOptions } from '../expr/readOptions.js';
import { tryParseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';
import { unwrapDollars } from './cleanAnswerText.js';
import { extractAnswer } from './extractAnswer.js';
import { tryParseLatex } from './parseLatex.js';

/** How a text given on the command line or in `verify` input is written: forced, or `auto` (detected). */
export type MathFormat = 'infix' | 'latex' | 'auto';

export type MathRead =
  | { readonly ok: true; readonly expr: Expr; readonly reading: 'infix' | 'latex'; readonly note?: string }
  | { readonly ok: false; readonly error: string; readonly reading: 'infix' | 'latex' };

/**
 * What makes `auto` read a text as LaTeX: a backslash (`\frac`, `\boxed`), `$` or a brace. None of
 * them is allowed in infix, so no text the infix parser reads is ever read as LaTeX; and a text
 * without them that infix refuses stays refused (`1e-400*x` is not reread as `e - 400x`).
 */
export function hasLatexMarkers(text: string): boolean {
  return /[\\${}]/.test(text);
}

/** Which reader `format` picks for `text`. */
export function readingFor(text: string, format: MathFormat): 'infix' | 'latex' {
  return format === 'auto' ? (hasLatexMarkers(text) ? 'latex' : 'infix') : format;
}

/**
 * Read one side of a (problem, answer) pair. Infix goes to the whitelisting `parseExpr`. LaTeX goes
 * to the reader the targets use: an answer through `extractAnswer` (so `\boxed{…}`, `$…$`, "final
 * answer: …" and a trailing `+ C`, which is dropped and noted, are understood), a problem straight
 * to `parseLatex` after removing its math delimiters. `options` admits what only some sides read
 * (infinity, for a bound or a limit).
 */
export function readMathText(text: string, side: 'problem' | 'answer', format: MathFormat, limits?: Partial<Limits>, options?: ReadOptions): MathRead {
  const reading = readingFor(text, format);
  if (reading === 'infix') {
    const r = tryParseExpr(text, limits, options);
    return r.ok ? { ok: true, expr: r.expr, reading } : { ok: false, error: r.error.message, reading };
  }
  if (side === 'problem') {
    const r = tryParseLatex(unwrapDollars(text.trim()), limits, options);
    return r.ok ? { ok: true, expr: r.expr, reading } : { ok: false, error: `LaTeX: ${r.error.message}`, reading };
  }
  const r = extractAnswer(text, { limits, read: options });
  if (!r.ok) return { ok: false, error: `LaTeX: ${r.error}`, reading };
  return r.droppedConstant ? { ok: true, expr: r.expr, reading, note: 'constant of integration dropped' } : { ok: true, expr: r.expr, reading };
}
