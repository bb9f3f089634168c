import type { ParseError } from '../expr/parseError.js';

/**
 * The reading (an `AnswerReading`) of an answer that a reader refused: `unjudged` when the refusal is sagga's own (a
 * literal beyond its limits, an answer longer than it reads, a function it does not support, an
 * ambiguous notation: see `OwnRefusal`), which is never the model's failure; else `unparseable`.
 */
export function refusedReading(error: ParseError, prefix = ''): { readonly status: 'unparseable' | 'unjudged'; readonly error: string } {
  return error.refusal !== undefined
    ? { status: 'unjudged', error: `${prefix}${error.message} (sagga's own limit: not judged)` }
    : { status: 'unparseable', error: `${prefix}${error.message}` };
}
