import type { Expr } from './types.js';

/**
 * Why a text was refused when the reason is sagga's, not the text's: `limit` (longer, larger, deeper
 * or with a bigger or smaller literal than sagga reads), `unsupported` (a function or notation of
 * mathematics that sagga does not read, see isUnsupportedFunction.ts), `ambiguous` (a notation with
 * more than one reading, which sagga will not guess between). A text refused without one is not a
 * well-formed expression (a syntax error, an unknown name): that is its writer's doing.
 */
export type OwnRefusal = 'limit' | 'unsupported' | 'ambiguous';

/** Why a text was refused, with the offset (0-based, UTF-16) where the problem was seen. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly input: string,
    /** Set when sagga's own limits, not the text, are the reason (see `OwnRefusal`). */
    readonly refusal?: OwnRefusal,
  ) {
    super(message);
    this.name = 'ParseError';
  }

  /** The message plus a short excerpt with a caret under the offending position. */
  pretty(): string {
    const from = Math.max(0, this.position - 30);
    const excerpt = this.input.slice(from, this.position + 30).replace(/[^\x20-\x7e]/g, '?');
    return `${this.message}\n  ${excerpt}\n  ${' '.repeat(this.position - from)}^`;
  }
}

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: ParseError };
