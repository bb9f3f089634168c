import { clip } from '../util/clip.js';
import { findUnsupportedCall } from './findUnsupportedCall.js';
import type { Limits } from './limits.js';
import { ParseError, type ParseResult } from './parseError.js';
import type { Expr } from './types.js';

/**
 * The frame every reader of untrusted text runs in (infix and LaTeX): a string, no longer than
 * `maxChars`, read by `read`; and when `read` refuses the text as malformed, a call anywhere in it
 * of a function sagga does not support decides instead (SymPy's `Piecewise((x, x > 0), …)` fails at
 * `>` before its name is reached), so that sagga's own limit is never blamed on the writer. `reads`
 * names calls the reader was asked to read although sagga does not support them as functions.
 */
export function readBounded(text: unknown, limits: Limits, read: (text: string) => Expr, reads?: ReadonlySet<string>): Expr {
  if (typeof text !== 'string') throw new ParseError('expression must be a string', 0, '');
  if (text.length > limits.maxChars) {
    throw new ParseError(
      `expression is longer than ${limits.maxChars} characters (${text.length})`,
      limits.maxChars,
      text.slice(0, limits.maxChars + 30),
      'limit',
    );
  }
  try {
    return read(text);
  } catch (err) {
    if (err instanceof ParseError && err.refusal === undefined) {
      const call = findUnsupportedCall(text, reads);
      if (call !== undefined) throw new ParseError(`sagga does not support the function '${clip(call.name, 30)}'`, call.position, text, 'unsupported');
    }
    throw err;
  }
}

/** `read` as a result that is never thrown, whatever it is given. */
export function tryReadBounded(text: unknown, read: (text: string) => Expr): ParseResult {
  try {
    return { ok: true, expr: read(text as string) };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, error: err };
    // A RangeError from an unexpectedly deep recursion is sagga's limit, never a crash.
    return { ok: false, error: new ParseError(err instanceof Error ? err.message : String(err), 0, String(text).slice(0, 200), 'limit') };
  }
}
